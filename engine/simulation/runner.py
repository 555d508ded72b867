"""Runs a simulation in fixed seeded chunks: in this process, on a local process pool, or on a Dask cluster.

Reproducibility: the rounds are split into chunks of ``chunk_rounds`` (the last one shorter); chunk ``i`` draws
from its own generator, ``numpy.random.SeedSequence(seed, spawn_key=(i,))``, starts from a freshly shuffled shoe
and fresh meters, and its tallies are merged in chunk order. So a (seed, rounds, chunk_rounds) triple gives the
same figures, byte for byte, whatever the number of workers or the scheduler — a worker only decides *when* a
chunk runs, never what it deals.

Interruption: Ctrl-C stops the run; chunks already finished (and, on a pool, those running, which are let finish)
make up the result, which says how many chunks it holds. Workers ignore SIGINT so the parent decides.

Dask (``pip install 'pacomply[dask]'``) is imported only when a scheduler is named; its workers need pacomply
importable (the same version) to run :func:`run_chunk`.
"""

from __future__ import annotations

import math
import signal
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from pacomply.engine.simulation import SimulationResult
from pacomply.engine.simulation.progressive import Meter
from pacomply.engine.simulation.registry import TabledRoundGame, TableSetup, load_game
from pacomply.engine.simulation.shoe import Shoe

DEFAULT_CHUNK_ROUNDS = 20_000
LOCAL_CLUSTER = "local"
"""``--scheduler local`` starts a Dask LocalCluster with ``--workers`` single-threaded worker processes."""


@dataclass(frozen=True, slots=True)
class WagerTally:
    """Sufficient statistics of one wager's results; merged by addition.

    Hands of one round are not independent when they share cards (several seats against one dealer hand; every
    seat on the same 681a hands), so the interval comes from whole rounds: per round r the wager's total net
    y_r over its n_r hands, and the ratio estimator's linearised variance
    Σ(y_r − m·n_r)² / (R(R−1)·n̄²), with m the mean per hand and n̄ the mean hands per round. With one hand per
    round it is the usual s/√n.
    """

    observations: int = 0
    sum_net: float = 0.0
    sum_net_squared: float = 0.0
    sum_wagered: float = 0.0
    wins: int = 0
    rounds: int = 0
    """Table rounds in which the wager was placed at least once."""
    sum_round_net_squared: float = 0.0
    """Σ y_r², y_r the round's total net on this wager."""
    sum_round_net_times_hands: float = 0.0
    """Σ y_r·n_r."""
    sum_round_hands_squared: float = 0.0
    """Σ n_r²."""

    def merge(self, other: WagerTally) -> WagerTally:
        """The tally of both."""
        return WagerTally(
            self.observations + other.observations,
            self.sum_net + other.sum_net,
            self.sum_net_squared + other.sum_net_squared,
            self.sum_wagered + other.sum_wagered,
            self.wins + other.wins,
            self.rounds + other.rounds,
            self.sum_round_net_squared + other.sum_round_net_squared,
            self.sum_round_net_times_hands + other.sum_round_net_times_hands,
            self.sum_round_hands_squared + other.sum_round_hands_squared,
        )

    def result(self) -> SimulationResult:
        """Mean, standard deviation, wagered per round, hit frequency, and the interval from whole rounds."""
        count = self.observations
        if count == 0:
            return SimulationResult(rounds=0, mean=math.nan, std_dev=math.nan, wagered_per_round=math.nan,
                                    hit_frequency=math.nan)  # fmt: skip
        mean = self.sum_net / count
        variance = max(self.sum_net_squared - count * mean * mean, 0.0) / (count - 1) if count > 1 else 0.0
        round_standard_error = None
        if self.rounds > 1 and count > self.rounds:
            spread = (
                self.sum_round_net_squared
                - 2 * mean * self.sum_round_net_times_hands
                + mean * mean * self.sum_round_hands_squared
            )
            hands_per_round = count / self.rounds
            round_standard_error = math.sqrt(max(spread, 0.0) / (self.rounds * (self.rounds - 1))) / hands_per_round
        return SimulationResult(
            rounds=count,
            mean=mean,
            std_dev=math.sqrt(variance),
            wagered_per_round=self.sum_wagered / count,
            hit_frequency=self.wins / count,
            round_standard_error=round_standard_error,
        )


@dataclass(frozen=True, slots=True)
class MeterTally:
    """What a progressive meter did in a chunk, in dollars."""

    contributed: float = 0.0
    paid_from_meter: float = 0.0
    reseeded: float = 0.0
    meter_hits: int = 0
    left_on_meter: float = 0.0
    """What the meter held above its reset amount when the chunk ended: owed to the players, and counted in their
    net (reading ``sim-meter-liability``)."""

    def merge(self, other: MeterTally) -> MeterTally:
        """The tally of both."""
        return MeterTally(
            self.contributed + other.contributed,
            self.paid_from_meter + other.paid_from_meter,
            self.reseeded + other.reseeded,
            self.meter_hits + other.meter_hits,
            self.left_on_meter + other.left_on_meter,
        )


@dataclass(frozen=True, slots=True)
class ChunkTask:
    """Everything a worker needs to run one chunk; small and picklable."""

    module: str
    """The round simulator module (``engine.simulation.registry``)."""
    setup: TableSetup
    seed: int
    index: int
    rounds: int


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """One chunk's tallies, by wager id (sorted)."""

    index: int
    rounds: int
    shoes: int
    tallies: tuple[tuple[str, WagerTally], ...]
    meters: tuple[tuple[str, MeterTally], ...] = ()
    discard_reshuffles: int = 0
    """Rounds completed from the shuffled discard rack because the shoe ran out during them (a short shoe)."""


def chunk_generator(seed: int, index: int) -> np.random.Generator:
    """The generator of chunk ``index``: independent of every other chunk and of who runs it."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


def run_chunk(task: ChunkTask) -> ChunkResult:
    """Deal and settle ``task.rounds`` rounds from a fresh shoe; the unit of work for every scheduler."""
    game = load_game(task.module)
    player = game.table(task.setup)
    shoe = Shoe(task.setup.shoe, chunk_generator(task.seed, task.index))
    meters = {spec.wager: Meter(spec) for spec in task.setup.meters}
    wager_units = {spec.wager: float(spec.wager_amount) for spec in task.setup.meters}
    observations: dict[str, int] = {}
    sums: dict[str, list[float]] = {}
    wins: dict[str, int] = {}
    # Per wager: rounds placed, Σ y_r², Σ y_r·n_r, Σ n_r² (see WagerTally).
    by_round: dict[str, list[float]] = {}
    for _ in range(task.rounds):
        shoe.begin_round()
        round_net: dict[str, float] = {}
        round_hands: dict[str, int] = {}
        for play in player(shoe):
            meter = meters.get(play.wager)
            net = play.net if meter is None else meter.play(play.progressive_outcome) / wager_units[play.wager]
            tally = sums.get(play.wager)
            if tally is None:
                tally = sums[play.wager] = [0.0, 0.0, 0.0]
                observations[play.wager] = wins[play.wager] = 0
                by_round[play.wager] = [0.0, 0.0, 0.0, 0.0]
            tally[0] += net
            tally[1] += net * net
            tally[2] += play.wagered
            observations[play.wager] += 1
            if net > 0:
                wins[play.wager] += 1
            round_net[play.wager] = round_net.get(play.wager, 0.0) + net
            round_hands[play.wager] = round_hands.get(play.wager, 0) + 1
        for wager, total in round_net.items():
            hands = round_hands[wager]
            cluster = by_round[wager]
            cluster[0] += 1
            cluster[1] += total * total
            cluster[2] += total * hands
            cluster[3] += hands * hands
    # Reading sim-meter-liability: a chunk stops its meters mid-cycle; what they hold above the reset is the
    # players' money (paid out in the long run), so it joins the wager's net. Without it a chunk shorter than a
    # meter cycle would show the return at the reset, not the long run.
    left_on_meter = {wager: meter.value - float(meter.spec.seed) for wager, meter in meters.items()}
    for wager, left in left_on_meter.items():
        if wager in sums:
            sums[wager][0] += left / wager_units[wager]
    tallies = tuple(
        (
            wager,
            WagerTally(
                observations[wager],
                sums[wager][0],
                sums[wager][1],
                sums[wager][2],
                wins[wager],
                int(by_round[wager][0]),
                by_round[wager][1],
                by_round[wager][2],
                by_round[wager][3],
            ),
        )
        for wager in sorted(sums)
    )
    meter_tallies = tuple(
        (
            wager,
            MeterTally(
                meter.contributed, meter.paid_from_meter, meter.reseeded, meter.meter_hits, left_on_meter[wager]
            ),
        )
        for wager, meter in sorted(meters.items())
    )
    return ChunkResult(task.index, task.rounds, shoe.shoes_dealt, tallies, meter_tallies, shoe.discard_reshuffles)


@dataclass(frozen=True, slots=True)
class SimulationPlan:
    """A whole run: the table, the seed, how many rounds and how they are chunked."""

    module: str
    setup: TableSetup
    rounds: int
    seed: int
    chunk_rounds: int = DEFAULT_CHUNK_ROUNDS

    def problems(self) -> list[str]:
        """What is wrong with the plan, in words."""
        found = []
        if self.rounds < 1:
            found.append(f"rounds: {self.rounds} is not a positive number of rounds")
        if self.chunk_rounds < 1:
            found.append(f"chunk rounds: {self.chunk_rounds} is not positive")
        if self.seed < 0:
            found.append(f"seed: {self.seed} is negative (numpy seeds are non-negative integers)")
        return found

    def tasks(self) -> tuple[ChunkTask, ...]:
        """The fixed chunks: every one ``chunk_rounds`` long except perhaps the last."""
        count = math.ceil(self.rounds / self.chunk_rounds)
        return tuple(
            ChunkTask(
                self.module,
                self.setup,
                self.seed,
                index,
                min(self.chunk_rounds, self.rounds - index * self.chunk_rounds),
            )
            for index in range(count)
        )


@dataclass(frozen=True, slots=True)
class WagerEstimate:
    """A simulated wager: its result and, for a progressive wager, what its meter did."""

    wager: str
    result: SimulationResult
    meter: MeterTally | None = None


@dataclass(frozen=True, slots=True)
class SimulationRun:
    """The merged result of the chunks that finished."""

    plan: SimulationPlan
    rounds: int
    """Table rounds dealt in the finished chunks."""
    shoes: int
    chunks_done: int
    chunks_total: int
    interrupted: bool
    estimates: tuple[WagerEstimate, ...] = field(default_factory=tuple)
    discard_reshuffles: int = 0
    """Rounds completed from the shuffled discard rack because the shoe ran out during them."""

    def estimate(self, wager: str) -> WagerEstimate:
        """The estimate of one wager; KeyError if it was not simulated."""
        for estimate in self.estimates:
            if estimate.wager == wager:
                return estimate
        raise KeyError(f"wager '{wager}' was not simulated")


def merge(plan: SimulationPlan, results: Iterable[ChunkResult], interrupted: bool = False) -> SimulationRun:
    """Merge chunk results in chunk order, so the sums are the same whoever computed them."""
    ordered = sorted(results, key=lambda result: result.index)
    tallies: dict[str, WagerTally] = {}
    meters: dict[str, MeterTally] = {}
    for result in ordered:
        for wager, tally in result.tallies:
            tallies[wager] = tallies.get(wager, WagerTally()).merge(tally)
        for wager, meter in result.meters:
            meters[wager] = meters.get(wager, MeterTally()).merge(meter)
    estimates = tuple(
        WagerEstimate(wager, tally.result(), meters.get(wager)) for wager, tally in sorted(tallies.items())
    )
    return SimulationRun(
        plan=plan,
        rounds=sum(result.rounds for result in ordered),
        shoes=sum(result.shoes for result in ordered),
        chunks_done=len(ordered),
        chunks_total=len(plan.tasks()),
        interrupted=interrupted,
        estimates=estimates,
        discard_reshuffles=sum(result.discard_reshuffles for result in ordered),
    )


ChunkCallback = Callable[[ChunkResult], None]


def run(
    plan: SimulationPlan,
    workers: int = 1,
    scheduler: str | None = None,
    on_chunk: ChunkCallback | None = None,
) -> SimulationRun:
    """Run every chunk of the plan: here (``workers=1``), on a process pool, or on Dask (``scheduler``)."""
    problems = plan.problems()
    if problems:
        raise ValueError("; ".join(problems))
    # Fail fast, in this process, on a set-up the game refuses (SimulationUnavailable), before any worker starts.
    game = load_game(plan.module)
    game.table(plan.setup)
    tasks = plan.tasks()
    callback = on_chunk or (lambda result: None)
    if scheduler is not None:
        results, interrupted = _run_dask(tasks, scheduler, workers, callback)
    elif workers <= 1:
        results, interrupted = _run_here(tasks, callback)
    else:
        tables = game.shared_tables(plan.setup) if isinstance(game, TabledRoundGame) else None
        results, interrupted = _run_pool(tasks, workers, callback, plan.module, tables)
    return merge(plan, results, interrupted)


def _run_here(tasks: Sequence[ChunkTask], callback: ChunkCallback) -> tuple[list[ChunkResult], bool]:
    results: list[ChunkResult] = []
    try:
        for task in tasks:
            result = run_chunk(task)
            results.append(result)
            callback(result)
    except KeyboardInterrupt:
        return results, True
    return results, False


def _ignore_interrupts() -> None:
    """Pool and Dask worker initialiser: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_pool_worker(module: str, tables: object) -> None:
    """Pool worker initialiser: Ctrl-C is the parent's to handle, and the game's shared tables (built once, in the
    parent: :class:`TabledRoundGame`) are this worker's, so it does not build them again."""
    _ignore_interrupts()
    if tables is not None:
        game = load_game(module)
        assert isinstance(game, TabledRoundGame)
        game.adopt_tables(tables)


def _run_pool(
    tasks: Sequence[ChunkTask], workers: int, callback: ChunkCallback, module: str, tables: object
) -> tuple[list[ChunkResult], bool]:
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed

    # spawn, not fork: the parent may be running rich's refresh thread, and forking a threaded process can deadlock.
    context = multiprocessing.get_context("spawn")
    results: list[ChunkResult] = []
    executor = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_start_pool_worker, initargs=(module, tables)
    )
    futures: list[Future[ChunkResult]] = []
    try:
        futures = [executor.submit(run_chunk, task) for task in tasks]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            callback(result)
    except KeyboardInterrupt:
        for future in futures:
            future.cancel()
        # The chunks already running are let finish (they ignore SIGINT) and kept.
        executor.shutdown(wait=True, cancel_futures=True)
        kept = {result.index for result in results}
        for future in futures:
            if future.done() and not future.cancelled() and future.exception() is None:
                result = future.result()
                if result.index not in kept:
                    results.append(result)
                    callback(result)
        return results, True
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    return results, False


def _run_dask(
    tasks: Sequence[ChunkTask], scheduler: str, workers: int, callback: ChunkCallback
) -> tuple[list[ChunkResult], bool]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as error:
        raise RuntimeError("the Dask scheduler needs the optional extra: pip install 'pacomply[dask]'") from error

    import logging
    from contextlib import ExitStack

    results: list[ChunkResult] = []
    interrupted = False
    with ExitStack() as stack:
        if scheduler == LOCAL_CLUSTER:
            # Quiet: a LocalCluster logs worker heartbeats that fail while it shuts down, which are harmless here.
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=max(workers, 1),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                )
            )
            client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(Client(scheduler))
        # Keys unique per run: a long-lived cluster must not hand back another run's chunk of the same index.
        run_id = uuid.uuid4().hex
        keys = [f"pacomply-chunk-{run_id}-{task.index}" for task in tasks]
        futures = client.map(run_chunk, list(tasks), key=keys, pure=False)
        try:
            for future in as_completed(futures):
                result = future.result()
                results.append(result)
                callback(result)
        except KeyboardInterrupt:
            interrupted = True
            client.cancel([future for future in futures if not future.done()])
            kept = {result.index for result in results}
            for future in futures:
                if future.status == "finished":
                    result = future.result()
                    if result.index not in kept:
                        results.append(result)
                        callback(result)
    return results, interrupted
