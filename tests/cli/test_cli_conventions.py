"""The command line against the conventions of ruff, pytest, pip-audit and checkov: --version/-V, -h, -q/-v before or
after the command, help without Python types, shell completion, the configuration file found in parent folders,
Ctrl-C exiting 130, an --output-dir that is a folder of filings, and the first run's caches and threads."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pacomply.checker.review import tool_version
from pacomply.regulations import known_chapters
from typer.testing import CliRunner

from pacomply import runtime
from pacomply.cli import app
from pacomply.config import discover_config
from pacomply.terminal import Verbosity as _Verbosity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COMMANDS = ("template", "validate", "rules", "explain", "edge", "simulate", "replay", "schema")


@pytest.fixture(autouse=True)
def normal_verbosity() -> None:
    """-q and -v set a process-wide level; every test starts from the default."""
    _Verbosity.level = 1
    yield
    _Verbosity.level = 1


def run(*arguments: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(arguments), env={"COLUMNS": "100", **(env or {})}, prog_name="pacomply")


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_prints_the_tools_version(flag: str) -> None:
    result = run(flag)
    assert result.exit_code == 0
    assert result.stdout.strip() == f"pacomply {tool_version()}"


@pytest.mark.parametrize("arguments", [("-h",), ("--help",), ("validate", "-h"), ("edge", "-h")])
def test_short_and_long_help(arguments: tuple[str, ...]) -> None:
    result = run(*arguments)
    assert result.exit_code == 0, result.output
    assert "Usage: pacomply" in result.stdout


def _command_paths() -> list[tuple[str, ...]]:
    """Every command, sub-apps' commands included ('store add'), as the words that call it."""
    import typer

    paths: list[tuple[str, ...]] = []

    def walk(group: object, prefix: tuple[str, ...]) -> None:
        context = typer.Context(group)  # type: ignore[arg-type]
        for name in group.list_commands(context):  # type: ignore[attr-defined]
            command = group.get_command(context, name)  # type: ignore[attr-defined]
            paths.append((*prefix, name))
            if hasattr(command, "list_commands"):
                walk(command, (*prefix, name))

    walk(typer.main.get_command(app), ())
    return paths


#: The names click and typer give a value's type when a parameter names none of its own: none may reach the help.
RAW_TYPE_NAMES = ("TEXT", "PATH", "INTEGER", "FLOAT", "BOOLEAN", "FILENAME", "DIRECTORY", "CHOICE", "UUID")


@pytest.mark.parametrize("command", [(), *_command_paths()], ids=lambda words: " ".join(words) or "pacomply")
def test_help_names_values_in_words_a_person_reads(command: tuple[str, ...]) -> None:
    """Every help (the root, each group, each command) names what a parameter takes as a person reads it: FILING...,
    CHAPTER, FILE, FOLDER, N, or the closed choices (text|json); never a type in angle brackets (typer's
    '<list[Path]>', '<str>', '<text|json>') or a raw type name (TEXT, PATH, INTEGER); the usage line names the
    arguments (FILING...), never '{filings}'."""
    text = run(*command, "-h", env={"COLUMNS": "200"}).stdout
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage and "<" not in usage, usage
    ranges = re.sub(r"\[(\d+<=)?x(>=|<=)\d+\]", "", text)  # click's bounds of a number: N [x>=1]
    assert "<" not in ranges and ">" not in ranges, text
    rows = [line for line in text.splitlines() if re.match(r"^│\s+(\*\s+)?[-A-Z]", line)]
    assert rows, text
    for row in rows:
        # the name column(s) and the value column, before the help sentence (two or more spaces apart)
        columns = re.split(r"\s{2,}", row.strip("│ ").strip())
        named = " ".join(column for column in columns[:-1] if not column.startswith("-") and column != "*")
        assert not set(re.findall(r"[A-Z_]+", named)) & set(RAW_TYPE_NAMES), row
        assert not re.search(r"\b(str|int|float|bool|Path|list)\b", named), row
    assert "-h" in text and "--quiet" in text and "--verbose" in text


def test_validate_help_names_its_values() -> None:
    """validate's help, as the README shows it: the filings, the report files and folder, the jobs and formats."""
    text = re.sub(r"\s+", " ", run("validate", "-h", env={"COLUMNS": "200"}).stdout)
    assert "* FILING... Filing workbooks" in text
    named = (("--output -o", "FILE"), ("--pdf", "FILE"), ("--output-dir", "FOLDER"), ("--jobs -j", "N"),
             ("--waivers", "FILE"), ("--review-date", "YYYY-MM-DD"), ("--format -f", "FORMAT[,FORMAT...]"))  # fmt: skip
    for option, value in named:
        assert f"{option} {value} " in text, option
    assert "rules CHAPTER" not in text
    chapters = re.sub(r"\s+", " ", run("rules", "-h", env={"COLUMNS": "200"}).stdout)
    assert f"CHAPTER {'|'.join(known_chapters())} A chapter id" in chapters
    assert "--format -f text|json The rule list's format." in chapters


def test_command_list_gives_each_command_one_whole_sentence() -> None:
    """The list under Commands shows each command's first sentence, never one cut mid-sentence."""
    import typer

    listing = re.sub(r"[│╭╮╰╯─]+", " ", run("-h").stdout)
    listing = re.sub(r"\s+", " ", listing)
    group = typer.main.get_command(app)
    context = typer.Context(group)
    for name in COMMANDS:
        summary = group.get_command(context, name).short_help
        assert summary.endswith(".") and ". " not in summary, (name, summary)
        assert f"{name} {summary}" in listing, (name, summary)
    validate = group.get_command(context, "validate").short_help
    assert validate == "Check filings (files or folders) against their chapters."
    assert "Exit 0 compliant" not in listing  # validate's second sentence stays in its own help


@pytest.mark.parametrize("order", ["before", "after"])
def test_quiet_leaves_out_notes_and_keeps_results(order: str, tmp_path: Path) -> None:
    workbook = tmp_path / "blank.xlsx"
    loud = run("template", "686a", "-o", str(workbook))
    assert loud.exit_code == 0 and f"wrote {workbook}" in loud.stderr
    workbook.unlink()
    arguments = ("-q", "template", "686a", "-o", str(workbook))
    if order == "after":
        arguments = ("template", "-q", "686a", "-o", str(workbook))
    quiet = run(*arguments)
    assert quiet.exit_code == 0 and workbook.is_file()
    assert quiet.stderr == ""
    result = run("validate", str(EXAMPLES / "686a-violations.json"), "-q")
    assert result.exit_code == 1 and "VERDICT: not compliant" in result.stdout


def test_verbose_names_the_configuration_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pacomply.toml").write_text('format = "json"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("validate", "-v", str(EXAMPLES / "686a-compliant.json"))
    assert f"configuration: {tmp_path / 'pacomply.toml'}" in result.stderr
    assert "configuration:" not in run("validate", str(EXAMPLES / "686a-compliant.json")).stderr


def test_shell_completion_completes_command_names() -> None:
    result = run(env={"_PACOMPLY_COMPLETE": "complete_bash", "COMP_WORDS": "pacomply va", "COMP_CWORD": "1"})
    assert result.exit_code == 0
    assert "validate" in result.stdout.split()
    assert "--install-completion" in run("-h").stdout


def _project(tmp_path: Path) -> tuple[Path, Path]:
    """home/project(.git, pacomply.toml)/filings/2026 and, above the repository, a stray pacomply.toml."""
    home = tmp_path / "home"
    project = home / "project"
    deep = project / "filings" / "2026"
    deep.mkdir(parents=True)
    (project / ".git").mkdir()
    (project / "pacomply.toml").write_text('format = "json"\n', encoding="utf-8")
    (project / "filings" / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    (home / "pacomply.toml").write_text('format = "sarif"\n', encoding="utf-8")
    return home, deep


def test_configuration_is_found_in_a_parent_folder_up_to_the_repository_root(tmp_path: Path) -> None:
    home, deep = _project(tmp_path)
    project = home / "project"
    # A pyproject.toml without [tool.pacomply] is passed over, as ruff passes over one without [tool.ruff].
    assert discover_config(deep, home=home) == (project / "pacomply.toml", False)
    (project / "filings" / "pyproject.toml").write_text("[tool.pacomply]\nformat = 'junit'\n", encoding="utf-8")
    assert discover_config(deep, home=home) == (project / "filings" / "pyproject.toml", True)
    # The search stops at the repository root: the file above it is never read.
    (project / "pacomply.toml").unlink()
    (project / "filings" / "pyproject.toml").unlink()
    assert discover_config(deep, home=home) is None
    # Outside a repository it stops at the home folder.
    (project / ".git").rmdir()
    assert discover_config(deep, home=home) == (home / "pacomply.toml", False)
    assert discover_config(deep, home=deep) is None


def test_validate_uses_the_configuration_of_a_parent_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _home, deep = _project(tmp_path)
    monkeypatch.chdir(deep)
    result = run("validate", str(EXAMPLES / "686a-compliant.json"))
    assert result.exit_code == 0
    assert "findings" in json.loads(result.stdout)  # format = "json" from ../../pacomply.toml


def test_ctrl_c_during_simulate_exits_130_and_reports_the_finished_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    from pacomply.engine.simulation import runner

    real_run = runner.run

    def interrupted_after_two_chunks(plan, workers=1, scheduler=None, on_chunk=None):  # type: ignore[no-untyped-def]
        finished = []

        def chunk_done(result: object) -> None:
            finished.append(result)
            if on_chunk is not None:
                on_chunk(result)
            if len(finished) == 2:
                raise KeyboardInterrupt  # what Ctrl-C raises in the parent between chunks

        return real_run(plan, workers=1, scheduler=scheduler, on_chunk=chunk_done)

    monkeypatch.setattr(runner, "run", interrupted_after_two_chunks)
    result = run("simulate", "686a", "--rounds", "4000", "--chunk-rounds", "1000", "--workers", "1", "-f", "json")
    assert result.exit_code == 130, result.output
    records = json.loads(result.stdout)
    assert records and all(record["simulation"]["interrupted"] for record in records)
    assert {record["simulation"]["chunks"] for record in records} == {2}
    assert "interrupted" in result.stderr
    text = run("simulate", "686a", "--rounds", "4000", "--chunk-rounds", "1000", "--workers", "1")
    assert text.exit_code == 130 and "2,000 rounds" in text.stdout


def test_output_dir_that_is_the_folder_of_filings_is_refused_up_front(tmp_path: Path) -> None:
    filings = tmp_path / "filings"
    filings.mkdir()
    (filings / "a.json").write_bytes((EXAMPLES / "686a-compliant.json").read_bytes())
    result = run("validate", str(filings), "--output-dir", str(filings), "-f", "json")
    assert result.exit_code == 2
    assert "is the folder of filings" in result.stderr and "--output-dir" in result.stderr
    assert sorted(path.name for path in filings.iterdir()) == ["a.json"]  # nothing written
    # A sub-folder is fine, and the next run over the folder reads the filing only.
    reviews = filings / "reviews"
    assert run("validate", str(filings), "--output-dir", str(reviews), "-f", "json").exit_code == 0
    assert run("validate", str(filings), "--output-dir", str(reviews), "-f", "json").exit_code == 0
    assert sorted(path.name for path in reviews.iterdir()) == ["a.json"]


def test_runtime_puts_caches_in_the_platform_cache_folder_and_bounds_numba_threads(tmp_path: Path) -> None:
    import platformdirs

    environ: dict[str, str] = {}
    settings = runtime.configure(environ)
    expected = platformdirs.user_cache_path("pacomply", appauthor=False)
    assert environ["PACOMPLY_CACHE_DIR"] == str(expected) == str(settings.cache_folder)
    assert environ["NUMBA_CACHE_DIR"] == str(expected / "numba")
    assert 1 <= int(environ["NUMBA_NUM_THREADS"]) <= runtime.available_cpus()
    assert not settings.threads_from_user
    # What the user set is kept.
    chosen = {"PACOMPLY_CACHE_DIR": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "n"), "NUMBA_NUM_THREADS": "3"}
    kept = dict(chosen)
    settings = runtime.configure(kept)
    assert kept == chosen and settings.numba_threads == 3 and settings.threads_from_user


@pytest.mark.parametrize(("cpus", "busy", "threads"), [(2, 0, 2), (2, 1, 1), (2, 12, 1), (16, 4, 12), (4, 0, 4)])
def test_numba_threads_are_the_cpus_left_free(cpus: int, busy: int, threads: int) -> None:
    assert runtime.bounded_threads(cpus, busy) == threads


def test_first_compile_is_announced_and_the_caches_marked_ready(tmp_path: Path) -> None:
    """A fresh cache folder: the first numba compilation prints the first-run line (naming the cache folder)."""
    script = (
        "import sys\n"
        "from pacomply import runtime\n"
        "from pacomply.notices import watch_first_compile\n"
        "from pacomply.terminal import Verbosity\n"
        "settings = runtime.configure()\n"
        "assert not runtime.caches_ready(settings)\n"
        "Verbosity.level = 2\n"
        "watch_first_compile(settings)\n"
        "from numba import njit\n"
        "import types\n"
        "module = types.ModuleType('pacomply.example')\n"
        "exec('def add_one(x):\\n    return x + 1\\n', module.__dict__)\n"
        "assert njit(module.add_one)(1) == 2\n"
        "runtime.mark_caches_ready(settings)\n"
        "assert runtime.caches_ready(settings)\n"
    )
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("NUMBA_", "PACOMPLY_"))}
    environment["PACOMPLY_CACHE_DIR"] = str(tmp_path / "cache")
    completed = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert f"first run with these caches: compiling numeric kernels and building tables into {tmp_path / 'cache'}" in (
        completed.stderr
    )
    assert "compiling pacomply.example.add_one" in completed.stderr


def test_verbose_says_where_the_caches_are_and_how_many_threads_numba_gets(tmp_path: Path) -> None:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("NUMBA_", "PACOMPLY_"))}
    environment |= {"PACOMPLY_CACHE_DIR": str(tmp_path), "NUMBA_NUM_THREADS": "1"}
    for arguments in (["-v", "rules", "686a"], ["rules", "686a", "-v"]):
        completed = subprocess.run(
            [sys.executable, "-m", "pacomply", *arguments],
            capture_output=True,
            text=True,
            env=environment,
            cwd=Path(__file__).resolve().parents[2],
            check=True,
        )
        cpus = runtime.available_cpus()
        assert f"caches: {tmp_path}; numba threads: 1 of {cpus} CPUs (NUMBA_NUM_THREADS)" in completed.stderr
    quiet = subprocess.run(
        [sys.executable, "-m", "pacomply", "rules", "686a"], capture_output=True, text=True, env=environment,
        cwd=Path(__file__).resolve().parents[2], check=True,
    )  # fmt: skip
    assert "caches:" not in quiet.stderr


def _all_commands() -> list[tuple[str, object]]:
    """(path, click command) of every command, sub-commands included."""
    import typer

    found: list[tuple[str, object]] = []

    def walk(command: object, path: str) -> None:
        found.append((path, command))
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, f"{path} {name}")

    walk(typer.main.get_command(app), "pacomply")
    return found


def test_every_format_option_says_what_its_formats_are() -> None:
    formats = [
        (path, parameter)
        for path, command in _all_commands()
        for parameter in getattr(command, "params", ())
        if "--format" in getattr(parameter, "opts", ()) or "--coverage-format" in getattr(parameter, "opts", ())
    ]
    assert len(formats) >= 8
    for path, parameter in formats:
        assert parameter.help and len(parameter.help.split()) >= 4, (path, parameter.opts)


def test_jobs_means_the_same_everywhere() -> None:
    # Every --jobs is "worker processes, 1 = in this process", each command saying only its default.
    helps = {
        path: parameter.help
        for path, command in _all_commands()
        for parameter in getattr(command, "params", ())
        if "--jobs" in getattr(parameter, "opts", ())
    }
    assert {"pacomply validate", "pacomply simulate", "pacomply published", "pacomply serve"} <= set(helps)
    for path, text in helps.items():
        assert text.startswith("Worker processes that share the work (1 = in this process; default: "), path
    for path, command in _all_commands():
        for parameter in getattr(command, "params", ()):
            if "--jobs" in getattr(parameter, "opts", ()):
                assert "-j" in parameter.opts, path


def test_coverage_format_without_coverage_is_refused() -> None:
    result = run("rules", "686a", "--coverage-format", "json")
    assert result.exit_code == 2 and "--coverage" in result.stderr
    matrix = run("rules", "--coverage", "686a", "--coverage-format", "json")
    assert matrix.exit_code == 0 and json.loads(matrix.stdout)


@pytest.mark.parametrize("command", ["edge", "simulate"])
def test_edge_and_simulate_take_the_short_options_of_parsheet(command: str) -> None:
    extra = ("--rounds", "400", "--chunk-rounds", "200", "--seed", "5", "--no-progress", "-j", "1")
    extra = extra if command == "simulate" else ()
    short = run(command, "687a", "-w", "trips", "-p", "DJWT-05", "-d", "1", "-f", "json", *extra)
    long = run(command, "687a", "--wager", "trips", "--paytable", "DJWT-05", "--decks", "1", "-f", "json", *extra)
    assert short.exit_code == long.exit_code == 0, short.output
    assert short.stdout == long.stdout and json.loads(short.stdout)


def test_quiet_silences_a_batchs_table_too() -> None:
    names = [str(EXAMPLES / name) for name in ("686a-compliant.json", "686a-violations.json")]
    loud = run("validate", *names)
    quiet = run("validate", *names, "-q")
    assert loud.exit_code == quiet.exit_code == 1
    assert "2 filings: 1 compliant, 1 not compliant, 0 unreadable" in loud.stdout
    assert "filings:" not in quiet.stdout and "pacomply validate" not in quiet.stdout and quiet.stderr == ""
    assert "VERDICT: not compliant" in quiet.stdout  # the results themselves stay


def test_par_sheets_are_printed_in_the_text_review_only_when_asked() -> None:
    filing = str(EXAMPLES / "687a-compliant.json")
    plain = run("validate", filing)
    with_sheets = run("validate", filing, "--par-sheets")
    assert plain.exit_code == with_sheets.exit_code
    assert "Par sheet: " not in plain.stdout and "Par sheet: 687a Trips Bonus Wager" in with_sheets.stdout
    refused = run("validate", filing, "--par-sheets", "-f", "json")
    assert refused.exit_code == 2 and "--par-sheets" in refused.stderr


@pytest.mark.skipif(os.name == "nt", reason="a pipe whose reader has gone away is POSIX behaviour")
def test_a_pipe_closed_by_its_reader_ends_quietly() -> None:
    # As `pacomply figures list | head -1`: head reads one line and exits; pacomply says nothing on stderr (as git
    # and grep) and its exit code still says the output did not all arrive (2), never a verdict or a traceback. The
    # figure list (over 200 kB) is longer than a pipe's buffer, so the write after the close does fail.
    pacomply = [sys.executable, "-c", "from pacomply.cli import main; main()"]
    with subprocess.Popen([*pacomply, "figures", "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()
        stderr = process.stderr.read()
        code = process.wait(timeout=120)
    assert stderr == b"", stderr
    assert code == 2


def test_a_par_sheet_that_needs_a_deck_count_says_1_deck() -> None:
    result = run("parsheet", "633a", "-w", "bad_beat")
    assert result.exit_code == 2
    assert "at 1 deck," in result.stderr and "1 decks" not in result.stderr


def test_jobs_means_the_same_on_every_command() -> None:
    """--jobs/-j on every command that takes it: worker processes, a whole number of at least 1 named N, the same
    opening words, the command's default said once (not repeated by typer)."""
    commands = [command for command in _command_paths() if "--jobs" in run(*command, "-h").stdout]
    assert {("validate",), ("simulate",), ("published",), ("serve",), ("figures", "build")} <= set(commands)
    for command in commands:
        text = re.sub(r"[│\s]+", " ", run(*command, "-h", env={"COLUMNS": "200"}).stdout)
        row = re.search(r"--jobs -j N \[x>=1\] Worker processes that share the work \(1 = in this process; "
                        r"default: [^)]+\)\.([^-]*)", text)  # fmt: skip
        assert row is not None, (command, text)
        assert "[default:" not in row.group(1), (command, row.group(0))
    refused = run("simulate", "686a", "--jobs", "0")
    assert refused.exit_code == 2 and "greater than or equal to 1" in refused.stderr, refused.output
