#!/usr/bin/python3
"""Parses pipetop's metrics with python3-prometheus-client, as a monitoring system would.

Usage: parse_openmetrics.py FILE
Parses FILE with the OpenMetrics parser and with the Prometheus text parser (what node_exporter's
textfile collector reads); prints every sample as a JSON object {"name", "labels", "value"}, one per
line, and exits 0. Exits 1 with the parser's message when either parser refuses the text or the two
disagree.
"""
import json
import sys

from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics_families
from prometheus_client.parser import text_string_to_metric_families as prometheus_families


def samples(families):
    return [(s.name, tuple(sorted(s.labels.items())), s.value) for f in families for s in f.samples]


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as file:
        text = file.read()
    try:
        openmetrics = samples(openmetrics_families(text))
        prometheus = samples(prometheus_families(text))
    except ValueError as error:
        print(f"refused: {error}", file=sys.stderr)
        return 1
    if sorted(openmetrics) != sorted(prometheus):
        print("the OpenMetrics and Prometheus parsers read different samples", file=sys.stderr)
        return 1
    for name, labels, value in openmetrics:
        print(json.dumps({"name": name, "labels": dict(labels), "value": value}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
