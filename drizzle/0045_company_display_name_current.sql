-- A cover name stored from a filing made under a name the company has since dropped ("Apple Computer, Inc." from
-- Apple's 1996 8-K, for today's "Apple Inc."). Filings now set one only under the current name (filings.repo.ts
-- setCompanyDisplayNames); the conformed name behind a stored one was not kept, so it stays only when its words, legal
-- forms aside, are the company's current name's ("FedEx Corporation" for FEDEX CORP). The rest fall back to the current
-- name until a filing under it names the company again.
UPDATE "companies" SET "display_name" = NULL, "display_name_at" = NULL, "updated_at" = now()
WHERE "display_name" IS NOT NULL
  AND regexp_replace(regexp_replace(upper("display_name"), '[^A-Z0-9]+', ' ', 'g'),
        '\m(THE|INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|COMPANIES|LTD|LIMITED|LLC|LP|PLC|NV|SA|AG|SE|L|P|N|V|S|A)\M|\s', '', 'g')
   <> regexp_replace(regexp_replace(upper("name"), '[^A-Z0-9]+', ' ', 'g'),
        '\m(THE|INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|COMPANIES|LTD|LIMITED|LLC|LP|PLC|NV|SA|AG|SE|L|P|N|V|S|A)\M|\s', '', 'g');
