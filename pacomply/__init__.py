"""pacomply — checks Pennsylvania table-game Rules Submissions and proves the math of every wager."""
