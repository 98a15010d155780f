"""Results: /leaderboard, /stats and the admin-only /season new."""
