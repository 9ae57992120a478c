import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { createMailer } from '../../src/mail/mailer.ts'

interface Received {
  from: string
  to: string[]
  data: string
  user: string | undefined
}

let server: SMTPServer
let port = 0
const received: Received[] = []

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' })
      else callback(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example')) callback(new Error('550 no such mailbox'))
      else callback()
    },
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8')
      })
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: typeof session.user === 'string' ? session.user : undefined,
        })
        callback()
      })
    },
    logger: false,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('the SMTP mailer, against a real SMTP server', () => {
  test('delivers a plain-text message with the configured sender, authenticating with the URL’s user', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: 'Acme codes <codes@acme.example>',
    })
    try {
      await mailer.send({
        to: 'nina@example.com',
        subject: 'Join Acme Foods',
        text: 'Open this link:\n\nhttp://d.test/x\n',
      })
    } finally {
      mailer.close()
    }
    const [message] = received.splice(0)
    expect(message?.from).toBe('codes@acme.example')
    expect(message?.to).toEqual(['nina@example.com'])
    expect(message?.user).toBe('mailer')
    expect(message?.data).toContain('Subject: Join Acme Foods')
    expect(message?.data).toContain('From: Acme codes <codes@acme.example>')
    expect(message?.data).toContain('http://d.test/x')
  })

  test('rejects when the server refuses the recipient, or the password', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: 'codes@acme.example',
    })
    await expect(mailer.send({ to: 'x@refused.example', subject: 's', text: 't' })).rejects.toThrow()
    mailer.close()
    const wrong = createMailer({
      smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: 'codes@acme.example',
    })
    await expect(wrong.send({ to: 'y@example.com', subject: 's', text: 't' })).rejects.toThrow()
    wrong.close()
    expect(received).toEqual([])
  })

  test('rejects when nothing listens', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'codes@acme.example' })
    await expect(mailer.send({ to: 'z@example.com', subject: 's', text: 't' })).rejects.toThrow()
    mailer.close()
  })
})
