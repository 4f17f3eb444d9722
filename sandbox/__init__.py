"""Where agent tools run (local, bubblewrap, Docker) and the working set."""
