"""The ``ludotheque`` command and its interactive menu."""
