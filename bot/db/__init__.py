from .database import Database, migrations

__all__ = ["Database", "migrations"]
