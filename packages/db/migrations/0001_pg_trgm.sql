-- Product search matches substrings of names, SKUs and descriptions; trigram GIN indexes keep that fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
