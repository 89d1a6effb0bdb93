"""Physical simulation with pymunk (Iluliaq throws, Ice Flow drift)."""
