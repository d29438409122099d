# bash completion for pipetop: subcommands, each one's options, and the values options take.
_pipetop() {
  local cur prev command word
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  command=""
  for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case $word in run|check|tune|events|tour|replay) command=$word; break ;; esac
  done
  case $prev in
    --writer) COMPREPLY=($(compgen -W "write vmsplice" -- "$cur")); return ;;
    --reader) COMPREPLY=($(compgen -W "read splice" -- "$cur")); return ;;
    --format)
      case $command in
        run) COMPREPLY=($(compgen -W "text csv json openmetrics" -- "$cur")) ;;
        check) COMPREPLY=($(compgen -W "text json openmetrics" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
      esac
      return ;;
    --compare|--baseline|--record|--tuned) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --theme) COMPREPLY=($(compgen -W "dark light high-contrast" -- "$cur")); return ;;
    --export|--buffer-size|--pipe-size|--writer-cpu|--reader-cpu|-e|--event|--interval|--duration|--bytes|--seconds|--tune-budget|--budget|--repeat|--pairs|--threshold|--refresh-hz|--y-max|--step|--speed)
      return ;;
  esac
  local config="--writer --reader --huge-pages --busy-loop --poll --gift --lock-memory --no-touch --same-buffer
    --verify --buffer-size --pipe-size --writer-cpu --reader-cpu --event --user-only --no-counters --interval"
  local pinning="--writer-cpu --reader-cpu --event --user-only --no-counters --interval"
  local options
  case $command in
    run) options="$config --duration --bytes --pairs --format --export --force --quiet --compare --threshold --help" ;;
    check) options="--seconds --tune-budget --repeat --pairs --scaling --buffer-size $pinning --format --json --export --force --quiet
      --compare --threshold --help" ;;
    tune) options="--budget $pinning --format --json --export --force --quiet --help" ;;
    events) options="--all --user-only --format --help" ;;
    tour) options="--step --no-ui --tuned --record $pinning --refresh-hz --ascii --theme --y-max --baseline --help" ;;
    replay) options="--speed --refresh-hz --ascii --theme --y-max --baseline --help"
      COMPREPLY=($(compgen -f -- "$cur")) ;;
    *) options="run check tune events tour replay $config --refresh-hz --ascii --theme --y-max --baseline --record
      --pairs --help --version" ;;
  esac
  COMPREPLY=($(compgen -W "$options" -- "$cur"))
}
complete -F _pipetop pipetop
