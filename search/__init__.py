"""The hybrid index (BM25 + dense embeddings) over memory blocks.

    from search import open_index
    hits = open_index(root).search("where does Maya work?", k=5)

Importing this package never imports torch; the embedding model loads on first use.
"""

from .blocks import DEFAULT_KINDS, KINDS, Chunking
from .bm25 import Boosts
from .embedder import (
    BundledEmbedder,
    Embedder,
    HashEmbedder,
    SentenceTransformerEmbedder,
    get_embedder,
)
from .errors import CorruptIndexError, SearchError
from .fusion import Fusion
from .index import SearchIndex, open_index
from .models import FORMAT_VERSION, METHODS, Hit, IndexSettings, IndexStats

__all__ = [
    "DEFAULT_KINDS",
    "FORMAT_VERSION",
    "KINDS",
    "METHODS",
    "Boosts",
    "BundledEmbedder",
    "Chunking",
    "CorruptIndexError",
    "Embedder",
    "Fusion",
    "HashEmbedder",
    "Hit",
    "IndexSettings",
    "IndexStats",
    "SearchError",
    "SearchIndex",
    "SentenceTransformerEmbedder",
    "get_embedder",
    "open_index",
]
