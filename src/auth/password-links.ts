/** The one-time set-password link a person opens on the dashboard (DESIGN §7: `{DASHBOARD_URL}/set-password?token=…`). */

/** The link of `token` on the dashboard at `dashboardUrl`. */
export function setPasswordUrl(dashboardUrl: string, token: string): string {
  return `${dashboardUrl}/set-password?token=${token}`
}
