"""The rule sets, one subpackage each. Each subpackage's ``__init__`` declares its manifests
(:class:`~ludotheque.core.manifest.Manifest`), named in the ``ludotheque.games`` entry points of
``pyproject.toml``; its rules and the rest are imported only when used."""
