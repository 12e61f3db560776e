"""The JSON API for programs: personal access tokens, and endpoints over the one service door."""
