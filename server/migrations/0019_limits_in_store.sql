-- Limits count in the limit store (Redis or memory, LIMITS.md) since issue 17; the table is no longer read.
DROP TABLE rate_limits;
