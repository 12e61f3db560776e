"""The first hour, measured (issue 42 item 6): taps to a first meld, page weight, Lighthouse."""
