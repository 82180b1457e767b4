"""A griffe extension for the API reference: constructor signatures of attrs classes, and enum members.

griffe reads the source without running it, so it does not see the `__init__` that attrs
writes for a class, nor does mkdocstrings list an enum's undocumented members. This
extension imports each class of the package once the package is loaded and

- gives an attrs class whose `__init__` attrs wrote that `__init__`: the fields it
  takes, by their argument names, keyword-only where attrs makes them so, with the types
  the constructor accepts (a converter's input type) and their defaults; with
  `merge_init_into_class` the class heading shows it as its signature;
- leaves out of such a signature the private fields (`_config` of `Playouts`): the
  library fills them in where it makes the value, and they are nobody else's business;
- leaves out an `__init__` that only raises (`GameState()`: states come from
  `new_game`), so that no signature suggests calling the class;
- writes a table of an enum's members and their values (and docstrings) into the enum's
  description, in place of one heading per member.

mkdocs.yml lists it under the handler's `extensions`.
"""

from __future__ import annotations

import ast
import enum
import inspect
import re
from typing import Any

import attrs
import griffe

_logger = griffe.get_logger("griffe_reference")


def _classes(obj: griffe.Module | griffe.Class) -> list[griffe.Class]:
    """Every class defined in `obj` and below it (aliases left out)."""
    found = []
    for member in obj.members.values():
        if member.is_alias:
            continue
        if isinstance(member, griffe.Class):
            found.append(member)
            found += _classes(member)
        elif isinstance(member, griffe.Module):
            found += _classes(member)
    return found


def _static_field(cls: griffe.Class, name: str) -> griffe.Attribute | None:
    """The attribute `name` as written in the source of `cls` or of a base class."""
    for owner in (cls, *cls.mro()):
        member = owner.members.get(name)
        if isinstance(member, griffe.Attribute):
            return member
    return None


def _field_call_argument(value: object, name: str) -> str | griffe.Expr | None:
    """The argument `name` of a `field(...)` call written as a default, if any."""
    if isinstance(value, griffe.ExprCall) and str(value.function).endswith("field"):
        for argument in value.arguments:
            if isinstance(argument, griffe.ExprKeyword) and argument.name == name:
                return argument.value
    return None


def _default(field: attrs.Attribute[Any], static: griffe.Attribute | None) -> str | griffe.Expr | None:
    """The default as the source writes it (`0`, `Rules()` for a factory), or `None` for none."""
    default = field.default
    if default is attrs.NOTHING:
        return None
    value = static.value if static is not None else None
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type] # attrs types Factory as a function
        factory = _field_call_argument(value, "factory")
        if isinstance(factory, griffe.Expr):
            return griffe.ExprCall(function=factory, arguments=[])
        made_by = getattr(default, "factory", None)
        return f"{getattr(made_by, '__name__', 'factory')}()"
    written = _field_call_argument(value, "default")
    if written is not None:
        return written
    if value is not None and not (isinstance(value, griffe.ExprCall) and str(value.function).endswith("field")):
        return value
    return repr(field.default)


def _annotation(cls: griffe.Class, runtime: type, field: attrs.Attribute[Any]) -> str | griffe.Expr | None:
    """The type the constructor takes: the converter's input type, else the field's."""
    accepted = getattr(vars(runtime)["__init__"], "__annotations__", {}).get(field.alias)
    static = _static_field(cls, field.name)
    if field.converter is None and static is not None and static.annotation is not None:
        return static.annotation
    if isinstance(accepted, str):
        # A converter's annotation, as written in its module: resolve its names there.
        scope = cls.module
        converter_module = getattr(field.converter, "__module__", None)
        if converter_module and converter_module in scope.modules_collection:
            scope = scope.modules_collection[converter_module]
        return griffe.safe_get_annotation(ast.parse(accepted, mode="eval").body, scope)
    if accepted is not None:
        return inspect.formatannotation(accepted)
    return static.annotation if static is not None else None


_POSITIONAL = griffe.ParameterKind("positional or keyword")
_KEYWORD = griffe.ParameterKind("keyword-only")


def _attrs_init(cls: griffe.Class, runtime: type) -> None:
    """Give `cls` the `__init__` attrs wrote for it."""
    parameters = [griffe.Parameter("self", kind=_POSITIONAL)]
    for field in attrs.fields(runtime):
        if not field.init or field.name.startswith("_"):
            continue
        static = _static_field(cls, field.name)
        kind = _KEYWORD if field.kw_only else _POSITIONAL
        parameters.append(
            griffe.Parameter(
                field.alias or field.name,
                annotation=_annotation(cls, runtime, field),
                kind=kind,
                default=_default(field, static),
                docstring=static.docstring if static is not None else None,
            )
        )
    init = griffe.Function("__init__", lineno=0, endlineno=0, parent=cls, returns="None")
    init.parameters = griffe.Parameters(*parameters)
    cls.set_member("__init__", init)


_SECTION = re.compile(r"^\w[\w ]*:\s*$", re.MULTILINE)
"""A Google-style section heading (`Examples:`), which the members' table goes before."""


def _enum_members(cls: griffe.Class, runtime: type[enum.Enum]) -> None:
    """Describe the members of an enum in a table, in place of their separate entries."""
    docs = {}
    for member in runtime:
        documented = cls.members.get(member.name)
        if isinstance(documented, griffe.Attribute):
            if documented.docstring is not None:
                docs[member.name] = " ".join(documented.docstring.value.split())
            cls.del_member(member.name)
    if docs:
        rows = ["| Member | Value | Meaning |", "| --- | --- | --- |"]
        rows += [f"| `{m.name}` | `{m.value!r}` | {docs.get(m.name, '')} |" for m in runtime]
    else:
        rows = ["| Member | Value |", "| --- | --- |"]
        rows += [f"| `{m.name}` | `{m.value!r}` |" for m in runtime]
    table = "**Members:**\n\n" + "\n".join(rows) + "\n\n"
    text = cls.docstring.value if cls.docstring is not None else ""
    section = _SECTION.search(text)
    at = section.start() if section else len(text)
    value = f"{text[:at].rstrip()}\n\n{table}{text[at:]}".strip()
    if cls.docstring is None:
        cls.docstring = griffe.Docstring(value, parent=cls)
    else:
        cls.docstring.value = value


def _only_raises(function: griffe.Object | griffe.Alias) -> bool:
    """Whether a function's body, past its docstring, is a single `raise`."""
    if not isinstance(function, griffe.Function):
        return False
    tree = ast.parse(inspect.cleandoc("\n" + function.source))
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.FunctionDef) else []
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return len(body) == 1 and isinstance(body[0], ast.Raise)


class ReferenceExtension(griffe.Extension):
    """Constructor signatures of attrs classes and tables of enum members (see the module)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Complete every class of the loaded package from the class itself."""
        for cls in _classes(pkg):
            try:
                runtime = griffe.dynamic_import(cls.path)
            except ImportError:
                _logger.debug("cannot import %s", cls.path)
                continue
            if not isinstance(runtime, type):
                continue
            if "__init__" in cls.members and _only_raises(cls.members["__init__"]):
                cls.del_member("__init__")
            elif attrs.has(runtime) and "__init__" in vars(runtime) and "__init__" not in cls.members:
                _attrs_init(cls, runtime)
            elif issubclass(runtime, enum.Enum):
                _enum_members(cls, runtime)
