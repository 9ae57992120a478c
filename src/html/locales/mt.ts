/** Interface strings in Maltese (mt). */
import type { Messages } from '../message-types.ts'

export const mt: Messages = {
  banner: 'Servizz GS1 Digital Link',
  errors: {
    400: {
      title: 'Kodiċi mhux validu',
      message: 'Dan il-GS1 Digital Link mhuwiex validu. Iċċekkja l-kodiċi u skenjah mill-ġdid.',
    },
    404: { title: 'Ma nstabx', message: 'Ma sibna l-ebda prodott għal dan il-kodiċi.' },
    405: {
      title: 'Metodu mhux permess',
      message: 'Dan l-indirizz iwieġeb biss għal talbiet GET, HEAD u OPTIONS.',
    },
    500: {
      title: 'Xi ħaġa marret ħażin',
      message: 'Is-servizz ma setax iwieġeb. Erġa’ pprova aktar tard.',
    },
  },
  error: { title: 'Żball', message: 'It-talba ma setgħetx titwieġeb.' },
  linksetTitle: 'Ħoloq għal dan il-prodott',
  linksetIntro: 'Il-paġni kollha dwar dan il-prodott, skont is-suġġett u l-lingwa.',
  identifier: 'Identifikatur',
  defaultPage: 'Paġna ewlenija',
  noPageOfType: {
    title: 'Il-paġna ma nstabitx',
    message: 'Dan il-prodott m’għandux paġna tat-tip mitlub.',
  },
  page: {
    languages: 'Lingwi',
    pages: 'Dwar dan il-prodott',
    thisItem: 'Dan l-oġġett',
    details: { lot: 'Lott', serial: 'Numru tas-serje', expiry: 'Data ta’ skadenza' },
    allLinks: 'Il-ħoloq kollha għal dan il-prodott',
    noText: 'Din il-paġna għad m’għandhiex test b’din il-lingwa.',
    notFound: {
      title: 'Il-paġna ma nstabitx',
      message: 'Din il-paġna tal-prodott ma teżistix jew mhijiex ippubblikata.',
    },
  },
}
