"""A person's own data: download it, close the account, and the page that says what is kept.

- ``data_export``: everything the site holds about one account, as one JSON file;
- ``closing``: closing an account (games stay in other players' histories under
  "Deleted player"; the rest goes), confirmed by ``confirm``;
- ``reserved``: a closed account's names, kept from everyone for 30 days.

``personal_data`` lists every model field that points at an account and says
what the export and the closing do with it; a test fails when a new one is
added without a line there.
"""
