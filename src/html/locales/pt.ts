/** Interface strings in Portuguese (pt), as written in Portugal. */
import type { Messages } from '../message-types.ts'

export const pt: Messages = {
  banner: 'Serviço GS1 Digital Link',
  errors: {
    400: {
      title: 'Código inválido',
      message: 'Este GS1 Digital Link não é válido. Verifique o código e leia-o novamente.',
    },
    404: { title: 'Não encontrado', message: 'Não encontrámos nenhum produto para este código.' },
    405: {
      title: 'Método não permitido',
      message: 'Este endereço só responde a pedidos GET, HEAD e OPTIONS.',
    },
    500: {
      title: 'Ocorreu um erro',
      message: 'O serviço não conseguiu responder. Tente novamente dentro de momentos.',
    },
  },
  error: { title: 'Erro', message: 'Não foi possível responder ao pedido.' },
  linksetTitle: 'Ligações deste produto',
  linksetIntro: 'Todas as páginas sobre este produto, por tema e idioma.',
  identifier: 'Identificador',
  defaultPage: 'Página principal',
  noPageOfType: {
    title: 'Página não encontrada',
    message: 'Este produto não tem nenhuma página do tipo pedido.',
  },
  page: {
    languages: 'Idiomas',
    pages: 'Sobre este produto',
    thisItem: 'Este artigo',
    details: { lot: 'Lote', serial: 'Número de série', expiry: 'Data de validade' },
    allLinks: 'Todas as ligações deste produto',
    noText: 'Esta página ainda não tem texto neste idioma.',
    notFound: {
      title: 'Página não encontrada',
      message: 'Esta página de produto não existe ou não está publicada.',
    },
  },
}
