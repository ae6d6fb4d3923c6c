"""Tiddlywinks."""
