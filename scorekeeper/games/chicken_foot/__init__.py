"""Chicken Foot at house level: its kind, its reference page, its checker picture."""
