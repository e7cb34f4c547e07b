"""Operations: health and Prometheus metrics (`metrics`, `health`), retention
(`retention`), online backup (`backup`) and their commands (`cli`). Their HTTP side lives
with the other routes (`backend.api.ops_routes`, installed by `backend.api.operations`);
log setup is `backend.logs`. Nothing here imports the API."""
