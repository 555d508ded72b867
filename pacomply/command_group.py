"""The command classes every command and group is built with (typer's ``cls=``): -h, -q and -v on every command,
given before or after it, a one-sentence summary in the command list, and a usage line naming the arguments as
their metavars (``pacomply validate [OPTIONS] FILING...``).

Only click's and typer's public extension points are used: a command's ``get_params``, ``collect_usage_pieces``
and its ``short_help``; every parameter declares its own metavar or choices where it is defined.
"""

from __future__ import annotations

import copy
import inspect
import re
from typing import Any

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


def _flags_name_no_type(parameters: list[Any]) -> list[Any]:
    """A flag (``--quiet``, ``--help``, ``--charts``) takes no value, so its help row names no type: typer would
    print ``<bool>`` there. An empty ``metavar`` (click's and typer's public parameter field, which typer's help
    prints in the type column) leaves the column empty; set once on the command's own parameter objects."""
    for parameter in parameters:
        if getattr(parameter, "is_flag", False) and parameter.metavar is None:
            parameter.metavar = ""
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
        return _flags_name_no_type(
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
            return _flags_name_no_type(parameters)  # the root group has -q/-v of its own
        taken = {name for parameter in parameters for name in getattr(parameter, "opts", ())}
        return _flags_name_no_type(
            [*parameters, *(option for option in _verbosity_options(ctx) if not taken & set(option.opts))]
        )


def sub_app(**settings: Any) -> typer.Typer:
    """A sub-command group (``store``, ``figures``, ``regulations``) built with :class:`Group`."""
    return typer.Typer(cls=Group, **settings)
