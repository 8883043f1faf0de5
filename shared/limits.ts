// Business constants and limits (docs/product.md §10, and limits we chose where the spec is silent).

