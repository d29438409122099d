#include "pipetop/app/completions.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace pipetop {
namespace {

// What an option's value is, as completion sees it.
enum class ValueKind { none, choices, file, other };

struct OptionWords {
  std::vector<std::string> names;  // "--event", "-e"
  ValueKind value = ValueKind::none;
  std::vector<std::string> choices;
  std::string type;         // "SIZE", "FILE"
  std::string description;  // its first clause, for zsh
  bool repeatable = false;
  bool positional = false;
  bool required = false;
};

// A command: its name ("" for pipetop itself), its words, and its options.
struct CommandWords {
  std::string name;
  std::string description;
  std::vector<OptionWords> options;
};

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find(separator, start)) != std::string::npos; start = end + 1) {
    parts.push_back(text.substr(start, end - start));
  }
  parts.push_back(text.substr(start));
  return parts;
}

// "How the writer fills the pipe: write: ..." → "How the writer fills the pipe".
std::string first_clause(const std::string& description) {
  std::size_t end = description.size();
  for (const char* stop : {": ", "; ", " (", ". "}) end = std::min(end, description.find(stop));
  std::string clause;
  for (const char c : description.substr(0, std::min<std::size_t>(end, 60))) {
    if (c != '[' && c != ']') clause += c;
  }
  return clause;
}

OptionWords words_of(const CLI::Option& option) {
  OptionWords words;
  for (const std::string& name : option.get_lnames()) words.names.push_back("--" + name);
  for (const std::string& name : option.get_snames()) words.names.push_back("-" + name);
  words.positional = words.names.empty();
  if (words.positional) words.names.push_back(option.get_name());
  words.description = first_clause(option.get_description());
  words.required = option.get_required();
  words.repeatable = option.get_expected_max() > 1;
  words.type = option.get_type_name();
  if (option.get_expected_max() == 0) return words;  // a flag
  if (words.type.find('|') != std::string::npos) {
    words.value = ValueKind::choices;
    words.choices = split(words.type, '|');
  } else if (words.type == "FILE" || words.type == "BASELINE" || words.type == "PREFIX") {
    words.value = ValueKind::file;
  } else {
    words.value = ValueKind::other;
  }
  return words;
}

CommandWords command_of(const CLI::App& app, std::string name) {
  CommandWords command{std::move(name), first_clause(app.get_description()), {}};
  for (const CLI::Option* option : app.get_options()) {
    if (!option->get_group().empty()) command.options.push_back(words_of(*option));  // "" hides it
  }
  return command;
}

std::vector<CommandWords> commands_of(const CLI::App& app) {
  std::vector<CommandWords> commands{command_of(app, "")};
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(command_of(*sub, sub->get_name()));
  }
  return commands;
}

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

// Text inside single quotes in a shell script.
std::string quoted(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out;
}

std::string bash_case(const CommandWords& command, const std::vector<CommandWords>& commands) {
  std::string text = "    " + (command.name.empty() ? std::string("*") : command.name) + ")\n";
  text += "      case $prev in\n";
  std::vector<std::string> files;
  std::vector<std::string> others;
  std::vector<std::string> offered;
  bool positional_file = false;
  std::vector<std::string> positional_choices;  // the first positional's, offered right after the command
  for (const OptionWords& option : command.options) {
    if (option.positional) {
      positional_file = positional_file || option.value == ValueKind::file;
      if (option.value == ValueKind::choices && positional_choices.empty()) positional_choices = option.choices;
      continue;
    }
    offered.insert(offered.end(), option.names.begin(), option.names.end());
    const std::string names = joined(option.names, "|");
    if (option.value == ValueKind::choices) {
      text += "        " + names + ") COMPREPLY=($(compgen -W \"" + joined(option.choices, " ") +
              "\" -- \"$cur\")); return ;;\n";
    } else if (option.value == ValueKind::file) {
      files.push_back(names);
    } else if (option.value == ValueKind::other) {
      others.push_back(names);
    }
  }
  if (!files.empty()) text += "        " + joined(files, "|") + ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
  if (!others.empty()) text += "        " + joined(others, "|") + ") return ;;\n";
  text += "      esac\n";
  if (command.name.empty()) {
    std::vector<std::string> names;
    for (const CommandWords& sub : commands) {
      if (!sub.name.empty()) names.push_back(sub.name);
    }
    text += "      if [[ $cur != -* ]]; then COMPREPLY=($(compgen -W \"" + joined(names, " ") +
            "\" -- \"$cur\")); return; fi\n";
  } else if (positional_file) {
    text += "      if [[ $cur != -* ]]; then COMPREPLY=($(compgen -f -- \"$cur\")); return; fi\n";
  } else if (!positional_choices.empty()) {
    text += "      if [[ $cur != -* && $prev == " + command.name + " ]]; then COMPREPLY=($(compgen -W \"" +
            joined(positional_choices, " ") + "\" -- \"$cur\")); return; fi\n";
  }
  text += "      COMPREPLY=($(compgen -W \"" + joined(offered, " ") + "\" -- \"$cur\")) ;;\n";
  return text;
}

std::string bash_script(const std::vector<CommandWords>& commands) {
  std::vector<std::string> names;
  for (const CommandWords& command : commands) {
    if (!command.name.empty()) names.push_back(command.name);
  }
  std::string text =
      "# bash completion for pipetop, written by `pipetop --completions bash` from its options.\n"
      "_pipetop() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=\"\" word\n"
      "  for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
      "    case $word in\n"
      "      " +
      joined(names, "|") +
      ") command=$word; break ;;\n"
      "      --) return ;;  # the words after -- are the measured command's\n"
      "    esac\n"
      "  done\n"
      "  case $command in\n";
  for (std::size_t i = 1; i < commands.size(); ++i) text += bash_case(commands[i], commands);
  text += bash_case(commands.front(), commands);
  text += "  esac\n}\ncomplete -F _pipetop pipetop\n";
  return text;
}

std::string zsh_spec(const OptionWords& option) {
  std::string value;
  std::string message = option.type;
  std::transform(message.begin(), message.end(), message.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (option.value == ValueKind::choices) {
    message = "value";
    value = "(" + joined(option.choices, " ") + ")";
  } else if (option.value == ValueKind::file) {
    value = "_files";
  }
  if (option.positional) return "'" + std::string(option.required ? ":" : "::") + message + ":" + value + "'";
  std::vector<std::string> specs;
  const std::string exclusive = option.names.size() > 1 ? "(" + joined(option.names, " ") + ")" : "";
  for (const std::string& name : option.names) {
    std::string spec = (option.repeatable ? "*" : exclusive) + name + "[" + quoted(option.description) + "]";
    if (option.value != ValueKind::none) spec += ":" + message + ":" + value;
    specs.push_back("'" + spec + "'");
  }
  return joined(specs, " \\\n        ");
}

std::string zsh_arguments(const CommandWords& command) {
  std::string text = "_arguments -s";
  for (const OptionWords& option : command.options) text += " \\\n        " + zsh_spec(option);
  return text;
}

std::string zsh_script(const std::vector<CommandWords>& commands) {
  std::string text =
      "#compdef pipetop\n"
      "# zsh completion for pipetop, written by `pipetop --completions zsh` from its options.\n"
      "_pipetop() {\n"
      "  local -a commands\n"
      "  commands=(";
  for (const CommandWords& command : commands) {
    if (!command.name.empty()) text += "\n    '" + command.name + ":" + quoted(command.description) + "'";
  }
  text +=
      ")\n"
      "  if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then\n"
      "    _describe -t commands 'pipetop command' commands\n"
      "    return\n"
      "  fi\n"
      "  case $words[2] in\n";
  for (std::size_t i = 1; i < commands.size(); ++i) {
    text += "    " + commands[i].name + ")\n      shift words; (( CURRENT-- ))\n      " + zsh_arguments(commands[i]) +
            " ;;\n";
  }
  text += "    *)\n      " + zsh_arguments(commands.front()) + " ;;\n  esac\n}\n_pipetop \"$@\"\n";
  return text;
}

}  // namespace

Result<std::string> completion_script(const CLI::App& app, std::string_view shell) {
  if (shell == "bash") return bash_script(commands_of(app));
  if (shell == "zsh") return zsh_script(commands_of(app));
  return std::unexpected(usage_error("no completions for the shell '" + std::string(shell) + "'",
                                     "pipetop --completions bash, or pipetop --completions zsh"));
}

}  // namespace pipetop
