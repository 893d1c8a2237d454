# shellcheck shell=bash
# A Python project: pyproject.toml and no package.json, a virtualenv in .venv, ruff as its
# formatter, unittest for its tests, and the .gitignore Python projects start from (which does
# not list node_modules). Its user runs ralph-hooks through npx; init must not leave a
# package.json. Read by lifecycle.sh: see there for what each variable means.
# shellcheck disable=SC2034

SHAPE_PM=none
SHAPE_INIT='npm init ralph-hooks -- --yes'
# What init prints for a project whose package.json does not name ralph-hooks (docs/getting-started.md).
SHAPE_RALPH='npx --yes ralph-hooks@0.1.0'
SHAPE_FORMAT='.venv/bin/ruff format . && .venv/bin/ruff check --fix .'
SHAPE_TEST='PYTHONPATH=src .venv/bin/python -m unittest discover -s tests -t .'

shape_setup() {
  python3 -m venv .venv
  # --retries 0: where only a local index answers, pip does not wait on the others.
  .venv/bin/pip install --quiet --disable-pip-version-check --retries 0 ruff==0.16.9
}

shape_after_init() {
  if [[ -e package.json ]]; then
    echo "init wrote a package.json into a Python project:"
    cat package.json
    exit 1
  fi
  # docs/getting-started.md, "In a repository that is not JavaScript", line by line.
  npx --yes ralph-hooks@0.1.0 bats test/hooks &&
    npx --yes ralph-hooks@0.1.0 test
}

shape_files() {
  mkdir -p src/acme_tools tests
  cat >pyproject.toml <<'EOF'
[build-system]
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
EOF
  cat >src/acme_tools/__init__.py <<'EOF'
"""Small helpers."""


def slug(title: str) -> str:
    """Lower-case words joined by dashes."""
    words = "".join(c if c.isalnum() else " " for c in title.lower()).split()
    return "-".join(words)
EOF
  cat >tests/__init__.py <<'EOF'
EOF
  cat >tests/test_slug.py <<'EOF'
import unittest

from acme_tools import slug


class SlugTest(unittest.TestCase):
    def test_slug(self) -> None:
        self.assertEqual(slug("Hello, World!"), "hello-world")


if __name__ == "__main__":
    unittest.main()
EOF
  cat >README.md <<'EOF'
# acme-tools

Small helpers. Tests: `PYTHONPATH=src python -m unittest discover -s tests -t .`
EOF
  # GitHub's Python .gitignore, the parts a project like this one meets.
  cat >.gitignore <<'EOF'
# Byte-compiled / optimized / DLL files
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
EOF
}
