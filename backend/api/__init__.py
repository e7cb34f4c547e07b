"""The HTTP side: routes (JSON API, pages, workers), auth, errors and `app.create_app`."""
