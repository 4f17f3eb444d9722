"""Evaluations: personas, question sets with gold evidence, LoCoMo, LongMemEval, reports."""
