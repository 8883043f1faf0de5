// Business constants and limits (spec.md section 9, and limits we chose where the spec is silent).

