import sys, json; sys.path.insert(0,'.')
from derive_load import *
import collections, numpy as np
rows = load()
EXEMPT = lambda f: f.rstrip('/A') in ('3','4','5','144') or f.startswith('SCHEDULE 13D') or f.startswith('SCHEDULE 13G') or f.startswith('SC 13D') or f.startswith('SC 13G')
def et(a): return a.astimezone(ET)
def sod(l): return l.hour*3600+l.minute*60+l.second
wins = {'06:00-09:30':(6*3600,9.5*3600),'09:30-16:00':(9.5*3600,16*3600),'16:00-17:30':(16*3600,17.5*3600),'17:30-22:00 exempt':(17.5*3600,22*3600)}
lags = collections.defaultdict(list)
for acc,form,fd,det,a,size in rows:
    l = et(a)
    if l.weekday()>=5: continue
    s = sod(l); lag=(det-a).total_seconds()
    for w,(lo,hi) in wins.items():
        if lo<=s<hi:
            if w.endswith('exempt'):
                if EXEMPT(form): lags[w].append(lag)
            else:
                lags[w].append(lag)
qs = list(range(0,100)) + [99.5, 99.9, 100]
out = {}
for w,v in lags.items():
    v=np.array(v); out[w] = {'n': int(len(v)), 'percentiles': qs, 'seconds': [round(float(x),1) for x in np.percentile(v, qs)]}
    print(w, len(v), np.percentile(v,[50,90,95,99]).round(1))
# release offsets: held (non-exempt evening, lag>1h) detected at 06:xx next business day
rel=[]
for acc,form,fd,det,a,size in rows:
    l=et(a); s=sod(l)
    if l.weekday()<5 and 17.5*3600<=s<22*3600 and not EXEMPT(form):
        d=et(det)
        if d.hour==6 and d.date()>l.date(): rel.append(d.minute*60+d.second+det.microsecond/1e6)
rel=np.array(rel); print('release', len(rel), np.percentile(rel,[10,50,90]))
out['release after 06:00'] = {'n': int(len(rel)), 'percentiles': qs, 'seconds': [round(float(x),1) for x in np.percentile(rel, qs)]}
json.dump(out, open('./lags.json','w'))
# the day
def dayrows(D, lo, hi):
    r=[]
    for acc,form,fd,det,a,size in rows:
        l=et(a)
        if l.date()==D and lo<=sod(l)<hi: r.append((sod(l), form, size, (det-a).total_seconds()))
    return sorted(r)
D=dt.date(2025,11,18); P=dt.date(2025,11,17)
day=dayrows(D,6*3600,22*3600); prev=dayrows(P,17.5*3600,22*3600)
print(len(day), len(prev), sum(1 for x in prev if not EXEMPT(x[1])))
json.dump({'day':day,'prev':prev}, open('./day.json','w'))
