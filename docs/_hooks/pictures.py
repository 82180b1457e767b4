"""MkDocs hook: draws the pictures of the "Pictures" page while the docs build, so they never go stale.

The page's examples run in order in one namespace, as doctest runs them. A ```` ```pycon ````
block followed by an image `![...](pictures/NAME.svg)` makes that picture: after the block
the value of `picture` is written to `pictures/NAME.svg` in the built site. A block followed
by `<!-- picture: NAME.html -->` puts the value of `picture`, HTML, in place of the comment.

Example:
    >>> page = '''
    ... ```pycon
    ... >>> picture = "<svg/>"
    ...
    ... ```
    ... ![an empty picture](pictures/empty.svg)
    ... '''
    >>> draw(page)
    {'empty.svg': '<svg/>'}
"""

from __future__ import annotations

import doctest
import functools
import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

PAGE: Final = "pictures.md"
FOLDER: Final = "pictures"
_BLOCK: Final = re.compile(
    r"""```pycon\n(?P<code>.*?)```\s*         # an example block, then perhaps
    (?: !\[[^\]]*\]\(pictures/(?P<svg>[\w.-]+\.svg)\)  # an image of an SVG picture
      | <!--\ picture:\ (?P<html>[\w.-]+\.html)\ -->    # or the marker of an HTML one
    )?""",
    re.DOTALL | re.VERBOSE,
)


@functools.lru_cache(maxsize=4)
def draw(page: str) -> dict[str, str]:
    """Run the page's examples; the pictures its images and markers name, by file name."""
    namespace: dict[str, object] = {"__name__": "pictures_page"}
    pictures = {}
    for block in _BLOCK.finditer(page):
        for example in doctest.DocTestParser().get_examples(block["code"]):
            exec(compile(example.source, PAGE, "exec"), namespace)  # noqa: S102 - the docs' own examples
        name = block["svg"] or block["html"]
        if name:
            picture = namespace.get("picture")
            if not isinstance(picture, str):
                raise ValueError(f"{PAGE}: the block before {name} leaves no text in `picture`")
            pictures[name] = picture
    return pictures


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the page's SVG pictures to the site."""
    from mkdocs.structure.files import File  # noqa: PLC0415 - mkdocs is there only while the docs build

    page = files.get_file_from_path(PAGE)
    if page is None:
        return files
    for name, picture in draw(page.content_string).items():
        if name.endswith(".svg"):
            files.append(File.generated(config, f"{FOLDER}/{name}", content=picture))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put the page's HTML pictures in place of their markers."""
    if page.file.src_uri != PAGE:
        return markdown
    for name, picture in draw(markdown).items():
        if name.endswith(".html"):
            markdown = markdown.replace(f"<!-- picture: {name} -->", f"\n{picture}\n")
    return markdown
