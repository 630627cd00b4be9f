"""The tables `python -m benchmarks.load` prints (its JSON rows in Markdown): the load runs, the restore runs.
`benchmarks.strict.print_strict` prints the strict fake's figures beside them."""

from __future__ import annotations

from typing import Any


def print_load(rows: list[dict[str, Any]]) -> None:
    print("\n| N | load avg | moves/s | p50 ms | p99 ms | max ms | next turn p50/p99 ms | REST/move | interaction | "
          "table edit | DM | other | bot CPU ms/move (main process) | RSS peak MB | RSS/table KB | steal % | machine stalls (ms, max) | "
          "moves > 100 ms (during a stall) | p99 ms of moves clear of stalls (moves) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        k = r["rest_by_kind_per_move"]
        print(f"| {r['tables']} | {r['load_avg_1min']} | {r['moves_per_s']} | {r['p50_ms']} | {r['p99_ms']} | {r['max_ms']} | "
              f"{r['next_turn_p50_ms']} / {r['next_turn_p99_ms']} | {r['rest_per_move']} | {k['interaction']} | "
              f"{k['table_edit']} | {k['dm']} | {k['other']} | {r['bot_cpu_ms_per_move']} ({r.get('bot_main_cpu_ms_per_move', '?')}) | {r['rss_peak_mb']} | "
              f"{r['rss_per_table_kb']} ({r['rss_per_table_end_kb']} at end) | {r['steal_pct']} | {r['machine_stalls']} "
              f"({r['machine_stall_ms']}, {r['machine_stall_max_ms']}) | {r['slow_moves']} "
              f"({r['slow_moves_during_stalls']}) | {r['clear_p99_ms']} ({r['clear_moves']}) |")
    for r in rows:
        print(f"\nN = {r['tables']}: event loops late, p50 / p99: the benchmark's (fake and players; a late callback "
              f"counts as the bot's) {r['bench_loop_lag_p50_ms']} / {r['bench_loop_lag_p99_ms']} ms, the bot's "
              f"(its metrics' buckets) at most {r['bot_loop_lag_p50_ms_at_most']:g} / "
              f"{r['bot_loop_lag_p99_ms_at_most']:g} ms; answers as the bot times them (interaction id to answer "
              f"sent, its buckets) at most {r['bot_answer_p50_ms_at_most']:g} / {r['bot_answer_p99_ms_at_most']:g} ms; "
              f"of which storing the move at most {r['bot_move_p50_ms_at_most']:g} / "
              f"{r['bot_move_p99_ms_at_most']:g} ms and drawing the reply at most "
              f"{r['bot_reply_drawing_p50_ms_at_most']:g} / {r['bot_reply_drawing_p99_ms_at_most']:g} ms, of which "
              f"the drawing alone at most {r['bot_reply_work_p50_ms_at_most']:g} / "
              f"{r['bot_reply_work_p99_ms_at_most']:g} ms (updates' "
              f"pictures {r['bot_update_drawing_p50_ms_at_most']:g} / {r['bot_update_drawing_p99_ms_at_most']:g} ms)")
    for r in rows:
        if r.get("computer_seats"):
            print(f"\nN = {r['tables']}: {r['computer_seats']} strong computer seats at {r['computer_tables']} tables "
                  f"(latencies above: the people's moves; next turn: tables without a computer); computers' moves "
                  f"{r['computer_moves']} ({r['computer_moves_per_s']}/s), a computer's turn (pause, pool, decision, "
                  f"messages) p50 / p99 / max {r['computer_turn_p50_s']} / {r['computer_turn_p99_s']} / "
                  f"{r['computer_turn_max_s']} s")


def print_restore(rows: list[dict[str, Any]]) -> None:
    print("\n| K tables | actions/table | in-process restore() s | tables/s | log only (no snapshots) s, tables/s | bot start→'restored' s (empty DB) | "
          "bot login→'restored' s (empty DB) | tables/s (net of empty) | RSS MB (empty) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['tables']} | {r['actions_per_table']} | {r['in_process_s']} | {r['in_process_tables_per_s']} | "
              f"{r['in_process_log_only_s']}, {r['in_process_log_only_tables_per_s']} | "
              f"{r['process_start_to_restored_s']} ({r['empty_db_start_to_restored_s']}) | "
              f"{r['process_login_to_restored_s']} ({r['empty_db_login_to_restored_s']}) | "
              f"{r['process_tables_per_s']} | {r['rss_after_restore_mb']} ({r['rss_empty_mb']}) |")
