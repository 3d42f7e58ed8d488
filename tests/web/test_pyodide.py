"""The pokerhash Python package inside a fresh Pyodide (under node), installed from the Pyodide wheel with
micropip (issue 11 item 8), on the wasm backend: ctypes over the side module."""

from webtools import HERE, last_json_line, run_node


def test_package_checks_in_pyodide(built, node, native_data):
    report = last_json_line(run_node(node, [HERE / "pyodide_run.mjs", native_data], timeout=600))
    figures = report["figures"]
    print(f"\npyodide: boot {figures['pyodide_boot_ms']} ms, micropip install of {figures['wheel']}"
          f" {figures['wheel_install_ms']} ms, batch {figures['pyodide_batch_evals_per_s']:,} evals/s,"
          f" single {figures['pyodide_single_evals_per_s']:,} evals/s")
    assert not report["failed"], "\n\n".join(f"{name}:\n{tb}" for name, tb in report["failed"].items())
    assert "check_installed_from_the_wheel" in report["passed"]
    assert "check_backend_is_wasm" in report["passed"]
    assert "check_all_five_card_hands" in report["passed"]
    assert "check_analysis_core_matches_native" in report["passed"]
    assert "check_analysis_asks_for_numpy" in report["passed"]
    assert len(report["passed"]) >= 10
