"""The Textual app: picker, setup, game screens, hand-off, rules, results."""
