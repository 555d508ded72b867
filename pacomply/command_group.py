"""The command classes every command and group is built with (typer's ``cls=``): -h, -q and -v on every command,
given before or after it, a one-sentence summary in the command list, and a usage line naming the arguments as
their metavars (``pacomply validate [OPTIONS] FILING...``).

Only click's and typer's public extension points are used: a command's ``get_params``, ``collect_usage_pieces``
and its ``short_help``, a group's ``commands``, ``list_commands`` and ``get_command``; every parameter declares its
own metavar or choices where it is defined.

The root's commands are a :class:`CommandTable`: typer reads a command's signature (and its module is imported)
only when a run or a help names it, so a review pays for ``validate`` alone, not for the other commands.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import re
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any, ClassVar

import typer
import typer.core

from pacomply.terminal import set_quiet, set_verbose


def first_sentence(text: str) -> str:
    """The command list's summary: the help's first sentence, never cut mid-sentence."""
    paragraph = inspect.cleandoc(text).split("\n\n")[0].replace("\n", " ")
    return re.split(r"(?<=\.)\s", paragraph, maxsplit=1)[0]


def _verbosity_options(context: Any) -> list[Any]:
    """The root group's own -q and -v, copied for a command so they work after it too (``pacomply validate -q``)."""
    root = context.find_root().command if context is not None else None
    options = []
    for parameter in getattr(root, "params", ()):
        callback = {"quiet": set_quiet, "verbose": set_verbose}.get(getattr(parameter, "name", ""))
        if callback is not None:
            option = copy.copy(parameter)
            option.expose_value = False  # the command's function takes no such argument
            option.callback = callback
            options.append(option)
    return options


class NamedArgument(typer.core.TyperArgument):
    """An argument whose help row reads as its metavar says (``FILING...``, ``CHAPTER``): typer draws an
    argument's type column from the Python annotation whatever its metavar (``<list[Path]>``, ``<str>``), so this
    leaves the column to the closed choices only (``633a|645a|...``), the one thing there a reader needs."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return _choices_metavar(self)


def _choices_metavar(parameter: Any) -> str | None:
    """A closed choice's values as a reader types them, ``text|json``; None for any other type."""
    described = getattr(parameter, "type_descriptor", None)  # typer's description of the annotation
    values = getattr(described, "choices", None) if getattr(described, "is_choice", False) else None
    return "|".join(str(getattr(value, "value", value)) for value in values) if values else None


def _values_named(parameters: list[Any]) -> list[Any]:
    """Every help row names its value in words a person reads, never a Python type: a flag's type column is left
    empty (typer would print ``<bool>``); an option taking a closed choice lists the choices (``text|json``, where
    typer would print ``<text|json>``); any other option without a metavar is named after itself (``--password``
    takes ``PASSWORD``, not ``TEXT``); an argument prints its metavar and only its choices beside it. Set once on
    the command's own parameter objects (click's and typer's public ``metavar`` field; an argument becomes a
    :class:`NamedArgument`, which adds no state)."""
    for parameter in parameters:
        if isinstance(parameter, typer.core.TyperArgument):
            if type(parameter) is typer.core.TyperArgument:
                parameter.__class__ = NamedArgument
        elif parameter.metavar is None:
            if getattr(parameter, "is_flag", False) or getattr(parameter, "count", False):
                parameter.metavar = ""
            else:
                parameter.metavar = _choices_metavar(parameter) or (parameter.name or "value").upper()
    return parameters


def _usage(command: Any, context: Any) -> list[str]:
    """[OPTIONS], then each argument by its metavar: 'FILING...' repeated, '[CHAPTER]' optional."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for parameter in command.params:
        if not isinstance(parameter, typer.core.TyperArgument) or parameter.hidden:
            continue
        name = parameter.metavar or (parameter.name or "").upper()
        name += "..." if parameter.nargs != 1 and not name.endswith("...") else ""
        pieces.append(name if parameter.required else f"[{name}]")
    return pieces


def _summarise(command: Any) -> None:
    """A command's one-sentence summary in its group's list: the first sentence of its help, unless it has one."""
    if command.help and not command.short_help:
        command.short_help = first_sentence(command.help)


class Command(typer.core.TyperCommand):
    """A command with the group's -q/-v after it, a one-sentence summary and a plain usage line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _summarise(self)

    def get_params(self, ctx: Any) -> list[Any]:
        parameters: list[Any] = super().get_params(ctx)
        taken = {name for parameter in parameters for name in getattr(parameter, "opts", ())}
        extra = [option for option in _verbosity_options(ctx) if not taken & set(option.opts)]
        return _values_named(
            [*parameters[:-1], *extra, parameters[-1]] if parameters and extra else [*parameters, *extra]
        )

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return _usage(self, ctx)


class Group(typer.core.TyperGroup):
    """A command group with one-sentence summaries and the group's -q/-v on its sub-groups' commands too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _summarise(self)

    def get_params(self, ctx: Any) -> list[Any]:
        parameters: list[Any] = super().get_params(ctx)
        if ctx is None or ctx.parent is None:
            return _values_named(parameters)  # the root group has -q/-v of its own
        taken = {name for parameter in parameters for name in getattr(parameter, "opts", ())}
        return _values_named(
            [*parameters, *(option for option in _verbosity_options(ctx) if not taken & set(option.opts))]
        )


def sub_app(**settings: Any) -> typer.Typer:
    """A sub-command group (``store``, ``figures``, ``regulations``) built with :class:`Group`."""
    return typer.Typer(cls=Group, **settings)


class CommandTable:
    """The root's commands and sub-groups by name, in the order the help lists them. Each is made into a click
    command when it is first looked up, through typer's public ``typer.main.get_group`` on a group holding it alone
    (exactly as typer makes it among the others).

    A command made is kept for the chapters registered when it was made (the one thing a command's making reads
    that can change while the process runs: its chapter choices), so that a process running many commands (the
    tests run the command line in-process some two thousand times) reads each command's signature once; a chapter
    registered after is a choice of every command looked up after, made anew."""

    def __init__(self) -> None:
        self._sources: dict[str, Callable[[typer.Typer], object]] = {}
        self._made: dict[tuple[str, tuple[str, ...]], Any] = {}

    def command(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """Register a command defined beside the table (a decorator, as ``@app.command(cls=Command)``)."""
        self._sources[function.__name__.replace("_", "-")] = lambda holder: holder.command(cls=Command)(function)
        return function

    def command_in(self, name: str, module: str) -> None:
        """Register the command ``name``, the function of that name in ``module``, imported when it is named."""
        self._sources[name] = lambda holder: holder.command(cls=Command)(getattr(importlib.import_module(module), name))

    def group_in(self, name: str, module: str, attribute: str) -> None:
        """Register the sub-group ``name``, the Typer ``attribute`` of ``module``, imported when it is named."""
        self._sources[name] = lambda holder: holder.add_typer(
            getattr(importlib.import_module(module), attribute), name=name
        )

    def names(self) -> list[str]:
        return list(self._sources)

    def made(self, name: str) -> Any:
        """The click command or group ``name`` (KeyError for a name not registered)."""
        from pacomply.choices import chapter_ids

        key = (name, chapter_ids())
        command = self._made.get(key)
        if command is None:
            import typer.main

            source = self._sources[name]
            holder = typer.Typer(add_completion=False)
            source(holder)
            command = self._made[key] = typer.main.get_group(holder).commands[name]
        return command


class _TableCommands(MutableMapping[str, Any]):
    """A group's ``commands`` mapping over a :class:`CommandTable`: the names at once, each command when it is read."""

    def __init__(self, table: CommandTable) -> None:
        self.table = table
        self.made: dict[str, Any] = {}
        self.order = table.names()

    def __getitem__(self, name: str) -> Any:
        if name not in self.made:
            if name not in self.order:
                raise KeyError(name)
            self.made[name] = self.table.made(name)
        return self.made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self.made[name] = command
        if name not in self.order:
            self.order.append(name)

    def __delitem__(self, name: str) -> None:
        self.order.remove(name)
        self.made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.order))

    def __len__(self) -> int:
        return len(self.order)


class TableGroup(Group):
    """The root group: its commands are its subclass's ``table`` (:class:`CommandTable`), each made when named."""

    table: ClassVar[CommandTable]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        commands = _TableCommands(self.table)
        for name, command in self.commands.items():  # any typer registered on the app itself
            commands[name] = command
        self.commands = commands

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # the names; typer's own would make every command to list them
