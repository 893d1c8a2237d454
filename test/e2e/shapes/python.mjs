// @ts-check
/**
 * A Python project: pyproject.toml and no package.json, a virtualenv in .venv, ruff as its
 * formatter, unittest for its tests, and the .gitignore Python projects start from (which does
 * not list node_modules). Its user runs ralph-hooks through npx; init must not leave a
 * package.json. Read by lifecycle.mjs (type Shape there).
 */

/** @type {import('./lifecycle.mjs').Shape} */
export const shape = {
  pm: "none",
  init: "npm init ralph-hooks -- --yes --guard none",
  ralph: "npx --yes ralph-hooks@0.1.0",
  format: ".venv/bin/ruff format . && .venv/bin/ruff check --fix .",
  test: "PYTHONPATH=src .venv/bin/python -m unittest discover -s tests -t .",
  setup: `python3 -m venv .venv
# --retries 0: where only a local index answers, pip does not wait on the others.
.venv/bin/pip install --quiet --disable-pip-version-check --retries 0 ruff==0.16.9`,
  afterInit: `if [[ -e package.json ]]; then
  echo "init wrote a package.json into a Python project:"
  cat package.json
  exit 1
fi
# docs/getting-started.md, "In a repository that is not JavaScript", line by line.
npx --yes ralph-hooks@0.1.0 bats test/hooks &&
  npx --yes ralph-hooks@0.1.0 test`,
  files: {
    "pyproject.toml": `[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "acme-tools"
version = "0.1.0"
description = "Small helpers."
requires-python = ">=3.9"
dependencies = []

[tool.setuptools.packages.find]
where = ["src"]

[tool.ruff]
line-length = 100

[tool.ruff.lint]
select = ["E", "F", "I", "UP"]
`,
    "src/acme_tools/__init__.py": `"""Small helpers."""


def slug(title: str) -> str:
    """Lower-case words joined by dashes."""
    words = "".join(c if c.isalnum() else " " for c in title.lower()).split()
    return "-".join(words)
`,
    "tests/__init__.py": ``,
    "tests/test_slug.py": `import unittest

from acme_tools import slug


class SlugTest(unittest.TestCase):
    def test_slug(self) -> None:
        self.assertEqual(slug("Hello, World!"), "hello-world")


if __name__ == "__main__":
    unittest.main()
`,
    "README.md": `# acme-tools

Small helpers. Tests: \`PYTHONPATH=src python -m unittest discover -s tests -t .\`
`,
    ".gitignore": `# Byte-compiled / optimized / DLL files
__pycache__/
*.py[codz]
*$py.class

# Distribution / packaging
build/
dist/
*.egg-info/
.eggs/
*.egg

# Unit test / coverage reports
htmlcov/
.tox/
.nox/
.coverage
.coverage.*
.cache
coverage.xml
.pytest_cache/

# Environments
.env
.venv
env/
venv/
ENV/

# mypy, ruff
.mypy_cache/
.ruff_cache/
`,
  },
};
