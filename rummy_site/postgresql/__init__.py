"""Django's PostgreSQL backend with the site's connection pool (``rummy_site.db_pool``)."""
