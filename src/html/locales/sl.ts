/** Interface strings in Slovenian (sl). */
import type { Messages } from '../message-types.ts'

export const sl: Messages = {
  banner: 'Storitev GS1 Digital Link',
  errors: {
    400: {
      title: 'Neveljavna koda',
      message: 'Ta GS1 Digital Link ni veljaven. Preverite kodo in jo znova skenirajte.',
    },
    404: { title: 'Ni najdeno', message: 'Za to kodo nismo našli izdelka.' },
    405: {
      title: 'Metoda ni dovoljena',
      message: 'Ta naslov odgovarja le na zahteve GET, HEAD in OPTIONS.',
    },
    500: {
      title: 'Prišlo je do napake',
      message: 'Storitev ni mogla odgovoriti. Poskusite znova čez trenutek.',
    },
  },
  error: { title: 'Napaka', message: 'Na zahtevo ni bilo mogoče odgovoriti.' },
  linksetTitle: 'Povezave za ta izdelek',
  linksetIntro: 'Vse strani o tem izdelku, po temah in jezikih.',
  identifier: 'Identifikator',
  defaultPage: 'Glavna stran',
  noPageOfType: { title: 'Strani ni mogoče najti', message: 'Ta izdelek nima strani zahtevane vrste.' },
  page: {
    languages: 'Jeziki',
    pages: 'O tem izdelku',
    thisItem: 'Ta izdelek',
    details: { lot: 'Številka serije', serial: 'Serijska številka', expiry: 'Rok uporabe' },
    allLinks: 'Vse povezave za ta izdelek',
    noText: 'Ta stran v tem jeziku še nima besedila.',
    notFound: {
      title: 'Strani ni mogoče najti',
      message: 'Ta stran izdelka ne obstaja ali ni objavljena.',
    },
  },
}
