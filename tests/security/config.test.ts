import { describe, expect, test } from 'bun:test'
import { DEFAULT_SECURITY_CONFIG, readSecurityConfig } from '../../src/security/config.ts'

function read(env: Record<string, string>) {
  const errors: string[] = []
  return { config: readSecurityConfig(env, errors), errors }
}

describe('security settings from the environment', () => {
  test('an empty environment gives the defaults', () => {
    expect(read({})).toEqual({ config: DEFAULT_SECURITY_CONFIG, errors: [] })
    expect(DEFAULT_SECURITY_CONFIG).toEqual({
      tokenRateLimits: { client: { burst: 10, perMinute: 5 }, address: { burst: 30, perMinute: 30 } },
      trustedProxyHops: 0,
      idleTimeoutSeconds: 10,
      codeWorkLimits: { concurrent: 4, burst: 20_000, perSecond: 10_000 },
      signInRateLimits: { client: { burst: 5, perMinute: 2 }, address: { burst: 30, perMinute: 10 } },
      fileWorkLimits: { concurrent: 2, burst: 32_768, perSecond: 4096 },
      drawingLimits: { concurrent: 4, burst: 5000, perSecond: 1000 },
    })
  })

  test('every variable is read', () => {
    const { config, errors } = read({
      TOKEN_RATE_CLIENT_BURST: '4',
      TOKEN_RATE_CLIENT_PER_MINUTE: '2',
      TOKEN_RATE_ADDRESS_BURST: '0',
      TOKEN_RATE_ADDRESS_PER_MINUTE: '100',
      TRUSTED_PROXY_HOPS: '1',
      HTTP_IDLE_TIMEOUT_SECONDS: ' 30 ',
      CODE_RATE_CLIENT_CONCURRENT: '0',
      CODE_RATE_CLIENT_BURST: '5000',
      CODE_RATE_CLIENT_PER_SECOND: '2500',
      SIGNIN_RATE_ACCOUNT_BURST: '3',
      SIGNIN_RATE_ACCOUNT_PER_MINUTE: '1',
      SIGNIN_RATE_ADDRESS_BURST: '0',
      SIGNIN_RATE_ADDRESS_PER_MINUTE: '60',
    })
    expect(errors).toEqual([])
    expect(config).toEqual({
      tokenRateLimits: { client: { burst: 4, perMinute: 2 }, address: { burst: 0, perMinute: 100 } },
      trustedProxyHops: 1,
      idleTimeoutSeconds: 30,
      codeWorkLimits: { concurrent: 0, burst: 5000, perSecond: 2500 },
      signInRateLimits: { client: { burst: 3, perMinute: 1 }, address: { burst: 0, perMinute: 60 } },
      fileWorkLimits: { concurrent: 2, burst: 32_768, perSecond: 4096 },
      drawingLimits: { concurrent: 4, burst: 5000, perSecond: 1000 },
    })
  })

  test('bad values are reported one line each', () => {
    const { errors } = read({
      TOKEN_RATE_CLIENT_BURST: '-1',
      TOKEN_RATE_CLIENT_PER_MINUTE: '0',
      TRUSTED_PROXY_HOPS: 'yes',
      HTTP_IDLE_TIMEOUT_SECONDS: '0',
      CODE_RATE_CLIENT_PER_SECOND: '0',
      SIGNIN_RATE_ACCOUNT_BURST: 'x',
    })
    expect(errors).toEqual([
      'TOKEN_RATE_CLIENT_BURST must be a whole number from 0 to 100000',
      'TOKEN_RATE_CLIENT_PER_MINUTE must be a whole number from 1 to 1000000',
      'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10',
      'HTTP_IDLE_TIMEOUT_SECONDS must be a whole number from 1 to 255',
      'CODE_RATE_CLIENT_PER_SECOND must be a whole number from 1 to 100000000',
      'SIGNIN_RATE_ACCOUNT_BURST must be a whole number from 0 to 100000',
    ])
  })
})
