"""The web app: a page that plays, composes and solves puzzles on any tiling, and the
JSON API it (and any script) uses. ``slitherasp serve`` starts it; it needs the
``web`` extra (Starlette and uvicorn). :mod:`.api` holds the API as plain functions,
:mod:`.app` the server, ``static/`` the page (no build step, no network)."""
