"""Accounts: sign-up/sign-in (django-allauth), guest identity, saves that follow the account."""
