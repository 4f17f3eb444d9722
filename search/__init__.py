"""The hybrid index (BM25 + dense embeddings) over memory blocks."""
