/** Interface strings in Spanish (es). */
import type { Messages } from '../message-types.ts'

export const es: Messages = {
  banner: 'Resolutor GS1 Digital Link',
  errors: {
    400: {
      title: 'Código no válido',
      message: 'Este GS1 Digital Link no es válido. Compruebe el código y vuelva a escanearlo.',
    },
    404: { title: 'No encontrado', message: 'No hemos encontrado ningún producto para este código.' },
    405: {
      title: 'Método no permitido',
      message: 'Esta dirección solo responde a solicitudes GET, HEAD y OPTIONS.',
    },
    500: {
      title: 'Algo ha salido mal',
      message: 'El resolutor no ha podido responder. Vuelva a intentarlo en un momento.',
    },
  },
  error: { title: 'Error', message: 'No se ha podido responder a la solicitud.' },
  linksetTitle: 'Enlaces de este producto',
  linksetIntro: 'Todas las páginas sobre este producto, por tema e idioma.',
  identifier: 'Identificador',
  defaultPage: 'Página principal',
  noPageOfType: {
    title: 'Página no encontrada',
    message: 'Este producto no tiene ninguna página del tipo solicitado.',
  },
  page: {
    languages: 'Idiomas',
    pages: 'Sobre este producto',
    thisItem: 'Este artículo',
    details: { lot: 'Lote', serial: 'Número de serie', expiry: 'Fecha de caducidad' },
    allLinks: 'Todos los enlaces de este producto',
    noText: 'Esta página aún no tiene texto en este idioma.',
    notFound: {
      title: 'Página no encontrada',
      message: 'Esta página de producto no existe o no está publicada.',
    },
  },
}
