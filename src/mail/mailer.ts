/** Outgoing mail through SMTP (nodemailer): the dashboard's invitations. Only built when `SMTP_URL` is set. */
import { createTransport } from 'nodemailer'
import type { MailConfig } from '../app/config.ts'

export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export interface Mailer {
  /** Sends one message; rejects when the server refuses it or cannot be reached in time. */
  send(message: MailMessage): Promise<void>
  close(): void
}

/** Seconds allowed to connect, to greet and for each SMTP command: a dead server fails the request, not hangs it. */
const SMTP_TIMEOUT_MS = 10_000

export function createMailer(config: MailConfig): Mailer {
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    async send(message) {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      })
    },
    close() {
      transport.close()
    },
  }
}
