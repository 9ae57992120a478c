/** A worker that cannot load: it throws before it listens, as a worker whose module is broken would. */
throw new Error('this worker does not load')
