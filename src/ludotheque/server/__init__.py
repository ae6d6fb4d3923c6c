"""The browser edition: the server, its pages and its database."""
