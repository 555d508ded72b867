"""`python -m pacomply` runs the command line."""

from pacomply.cli import main

main()
