"""Operations: health and Prometheus metrics (`routes`, `metrics`, `health`), structured
logs (`logs`), retention (`retention`), online backup (`backup`) and their commands (`cli`).
`backend.ops.app.install` adds the HTTP side to the API app."""
