/** Interface strings in Estonian (et). */
import type { Messages } from '../message-types.ts'

export const et: Messages = {
  banner: 'GS1 Digital Linki teenus',
  errors: {
    400: {
      title: 'Vigane kood',
      message: 'See GS1 Digital Link ei kehti. Kontrollige koodi ja skannige see uuesti.',
    },
    404: { title: 'Ei leitud', message: 'Selle koodiga toodet ei leitud.' },
    405: {
      title: 'Meetod pole lubatud',
      message: 'See aadress vastab ainult GET-, HEAD- ja OPTIONS-päringutele.',
    },
    500: {
      title: 'Midagi läks valesti',
      message: 'Teenus ei saanud vastata. Proovige hetke pärast uuesti.',
    },
  },
  error: { title: 'Viga', message: 'Päringule ei saanud vastata.' },
  linksetTitle: 'Selle toote lingid',
  linksetIntro: 'Kõik selle toote lehed teema ja keele kaupa.',
  identifier: 'Identifikaator',
  defaultPage: 'Avaleht',
  noPageOfType: { title: 'Lehte ei leitud', message: 'Sellel tootel pole soovitud tüüpi lehte.' },
  page: {
    languages: 'Keeled',
    pages: 'Toote kohta',
    thisItem: 'See eksemplar',
    details: { lot: 'Partii', serial: 'Seerianumber', expiry: 'Aegumiskuupäev' },
    allLinks: 'Kõik selle toote lingid',
    noText: 'Sellel lehel pole selles keeles veel teksti.',
    notFound: {
      title: 'Lehte ei leitud',
      message: 'Seda tootelehte pole olemas või see pole avaldatud.',
    },
  },
}
