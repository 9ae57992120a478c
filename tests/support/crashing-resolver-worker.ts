/** A resolver thread that binds and starts as the real one says it does, then dies of an uncaught error. */
declare const self: Worker

self.onmessage = (event: MessageEvent<{ type: string }>) => {
  if (event.data.type === 'bind') self.postMessage({ type: 'bound', port: 1 })
  if (event.data.type === 'start') {
    self.postMessage({ type: 'ready' })
    setTimeout(() => {
      throw new Error('the resolver thread fails')
    }, 10)
  }
}

export {}
