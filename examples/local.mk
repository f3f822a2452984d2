# Examples: the README demo, and task graphs composed from paralia's codelets.
noinst_PROGRAMS += examples/demo
examples_demo_SOURCES = examples/demo.c
