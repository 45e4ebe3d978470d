import csv, gzip, datetime as dt
from zoneinfo import ZoneInfo
ET = ZoneInfo('America/New_York')
UTC = dt.timezone.utc
def parse(s):
    return dt.datetime.strptime(s[:19], '%Y-%m-%dT%H:%M:%S').replace(tzinfo=UTC)
def load():
    rows = []
    with gzip.open('detected_time_2025_12_03.csv.gz', 'rt') as f:
        r = csv.DictReader(f)
        for x in r:
            try:
                det = parse(x['detectedTime']); acc = parse(x['acceptanceDateTime'])
            except Exception:
                continue
            lag = (det - acc).total_seconds()
            off = 4*3600 if acc < dt.datetime(2025,11,2,6,tzinfo=UTC) else 5*3600
            accET = acc + dt.timedelta(seconds=off)  # reading as ET wall clock -> real UTC
            def ok(a):
                l = a.astimezone(ET)
                return l.weekday() < 5 and 6 <= l.hour < 22
            if 0 <= lag < 600: a = acc
            elif 0 <= lag - off < 600: a = accET
            else:
                c = [a for a in (acc, accET) if ok(a) and (det - a).total_seconds() >= 0]
                if not c: continue
                a = min(c, key=lambda a: (det - a).total_seconds())
            size = float(x['size']) if x['size'] else 0.0
            rows.append((x['accessionNumber'], x['submissionType'], x['filingDate'], det, a, size))
    return rows
